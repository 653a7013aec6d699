import type { AssistantMessage } from "@claw/providers";
import {
  type AuthProfile,
  type AuthStateStore,
  type CandidateConfig,
  createAuthStore,
  type FailoverEvent,
  type FallbackResult,
  type FallbackSuccess,
  type ModelRef,
  type RunWithFallbackOptions,
  runWithModelFallback,
} from "../src/index.js";
import { fakeClock, fakeProviders, key, type Step } from "./harness.js";

export interface SetupOptions {
  profiles?: AuthProfile[];
  scripts?: Record<string, Step[]>;
  keyless?: string[];
  order?: Record<string, string[]>;
  state?: AuthStateStore;
  clock?: ReturnType<typeof fakeClock>;
}

export const DEFAULT_PROFILES = [key("main", "anthropic"), key("backup", "anthropic"), key("oa", "openai")];

/** An auth store on a fake clock, scripted providers, and an event log. */
export function setup(options: SetupOptions = {}) {
  const clock = options.clock ?? fakeClock();
  const auth = createAuthStore({
    profiles: options.profiles ?? DEFAULT_PROFILES,
    now: clock.now,
    keyless: options.keyless,
    order: options.order,
    state: options.state,
  });
  const providers = fakeProviders(options.scripts);
  const events: FailoverEvent[] = [];
  const attempt = (
    candidates: CandidateConfig | readonly ModelRef[],
    extra: Partial<RunWithFallbackOptions<AssistantMessage>> = {},
  ): Promise<FallbackResult<AssistantMessage>> =>
    runWithModelFallback({
      candidates,
      run: providers.run,
      authStore: auth,
      onEvent: (e) => events.push(e),
      ...extra,
    });
  /** Test shorthand: the success, or a rejection with the failure's error (the runner itself never throws). */
  const go = async (
    candidates: CandidateConfig | readonly ModelRef[],
    extra: Partial<RunWithFallbackOptions<AssistantMessage>> = {},
  ): Promise<FallbackSuccess<AssistantMessage>> => {
    const out = await attempt(candidates, extra);
    if (!out.ok) throw out.error;
    return out;
  };
  return {
    clock,
    auth,
    providers,
    events,
    attempt,
    go,
    types: (t: FailoverEvent["type"]) => events.filter((e) => e.type === t),
  };
}
