/**
 * Test harness: a fake clock and scripted providers. Each provider id has its own script of
 * replies; a reply is text or a provider error as an adapter reports it on the final message.
 */
import {
  type AssistantMessage,
  createFauxProvider,
  describeFailure,
  type FauxProvider,
  type ProviderErrorInfo,
} from "@claw/providers";
import type { Attempt, AuthProfile } from "../src/index.js";

export function fakeClock(start = Date.UTC(2026, 0, 1)) {
  let t = start;
  return {
    now: () => t,
    advance: (ms: number) => {
      t += ms;
    },
  };
}

export type Step = string | { error: Partial<ProviderErrorInfo> } | { throw: unknown };

export interface Call {
  ref: string;
  profileId: string | undefined;
  apiKey: string | undefined;
  probe: boolean;
}

/**
 * Scripted providers keyed by provider id ("anthropic", "openai", …), each backed by a
 * @claw/providers faux provider: a scripted error ends the faux stream with an `error` event,
 * and the failed final message is returned to the loop exactly as agent-core does. `throw` steps
 * model a run callback that throws (network errors from a non-stream client). Unscripted calls
 * reply "ok from <ref>".
 */
export function fakeProviders(scripts: Record<string, Step[]> = {}) {
  const queues = new Map(Object.entries(scripts).map(([k, v]) => [k, [...v]]));
  const fauxes = new Map<string, FauxProvider>();
  const fauxFor = (provider: string) => {
    let faux = fauxes.get(provider);
    if (!faux) {
      faux = createFauxProvider([], { provider });
      fauxes.set(provider, faux);
    }
    return faux;
  };
  const calls: Call[] = [];
  const run = async (a: Attempt): Promise<AssistantMessage> => {
    calls.push({ ref: a.ref, profileId: a.profile?.id, apiKey: a.apiKey, probe: a.probe });
    const step = queues.get(a.provider)?.shift() ?? `ok from ${a.ref}`;
    if (typeof step === "object" && "throw" in step) throw step.throw;
    const faux = fauxFor(a.provider);
    // A scripted error is classified as an adapter would (the tables in @claw/providers),
    // unless the step names the reason the adapter reported.
    faux.push(
      typeof step === "string"
        ? step
        : { error: describeFailure({ message: "provider error", ...step.error }) },
    );
    const context = { messages: [{ role: "user" as const, content: "hi", timestamp: 0 }] };
    return faux.stream(faux.modelFor(a.modelId), context, { apiKey: a.apiKey, signal: a.signal }).result();
  };
  return {
    run,
    calls,
    fauxes,
    refs: () => calls.map((c) => (c.profileId ? `${c.ref}@${c.profileId}` : c.ref)),
    push: (provider: string, ...steps: Step[]) => {
      const q = queues.get(provider) ?? [];
      q.push(...steps);
      queues.set(provider, q);
    },
  };
}

export function textOf(m: AssistantMessage): string {
  return m.content.map((c) => (c.type === "text" ? c.text : "")).join("");
}

export const key = (id: string, provider: string): AuthProfile => ({
  id,
  provider,
  type: "api_key",
  apiKey: `sk-${id}`,
});
