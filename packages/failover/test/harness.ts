/**
 * Test harness: a fake clock and scripted providers. Each provider id has its own script of
 * replies; a reply is text or a provider error as an adapter reports it on the final message.
 */
import type { AssistantMessage, FailureReason, ProviderErrorInfo } from "@claw/providers";
import { type Attempt, type AuthProfile, throwIfFailed } from "../src/index.js";

export function fakeClock(start = Date.UTC(2026, 0, 1)) {
  let t = start;
  return {
    now: () => t,
    advance: (ms: number) => {
      t += ms;
    },
  };
}

export type Step = string | { error: Partial<ProviderErrorInfo> & { status?: number } } | { throw: unknown };

export interface Call {
  ref: string;
  profileId: string | undefined;
  apiKey: string | undefined;
  probe: boolean;
}

function message(
  a: Attempt,
  stopReason: AssistantMessage["stopReason"],
  text: string,
  error?: ProviderErrorInfo,
) {
  const usage = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, totalTokens: 0 };
  const m: AssistantMessage = {
    role: "assistant",
    content: text ? [{ type: "text", text }] : [],
    api: "faux",
    provider: a.provider,
    model: a.modelId,
    usage: { ...usage, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } },
    stopReason,
    timestamp: 0,
  };
  if (error) m.error = error;
  return m;
}

/** Scripted providers keyed by provider id ("anthropic", "openai", …). Unscripted calls reply "ok". */
export function fakeProviders(scripts: Record<string, Step[]> = {}) {
  const queues = new Map(Object.entries(scripts).map(([k, v]) => [k, [...v]]));
  const calls: Call[] = [];
  const run = async (a: Attempt): Promise<string> => {
    calls.push({ ref: a.ref, profileId: a.profile?.id, apiKey: a.apiKey, probe: a.probe });
    const step = queues.get(a.provider)?.shift() ?? `ok from ${a.ref}`;
    if (typeof step === "string") return textOf(throwIfFailed(message(a, "stop", step), a));
    if ("throw" in step) throw step.throw;
    const error: ProviderErrorInfo = {
      message: "provider error",
      reason: "unknown" as FailureReason,
      ...step.error,
    };
    return textOf(throwIfFailed(message(a, "error", "", error), a));
  };
  return {
    run,
    calls,
    refs: () => calls.map((c) => (c.profileId ? `${c.ref}@${c.profileId}` : c.ref)),
    push: (provider: string, ...steps: Step[]) => {
      const q = queues.get(provider) ?? [];
      q.push(...steps);
      queues.set(provider, q);
    },
  };
}

function textOf(m: AssistantMessage): string {
  return m.content.map((c) => (c.type === "text" ? c.text : "")).join("");
}

export const key = (id: string, provider: string): AuthProfile => ({
  id,
  provider,
  type: "api_key",
  apiKey: `sk-${id}`,
});
