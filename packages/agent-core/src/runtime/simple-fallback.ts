/**
 * The fallback runner used when none is injected: each candidate once, in order; stops at the
 * first success, an abort or a context overflow. For auth-profile rotation and cooldowns, pass
 * the @claw/failover runner instead.
 */
import type { AssistantMessage } from "@claw/providers";
import type { FallbackRunner } from "./options.js";

export class AllCandidatesFailedError extends Error {
  readonly reason = "unknown";
  constructor(readonly attempts: { ref: string; message: string; reason?: string }[]) {
    super(
      `Every model failed: ${attempts.map((a) => `${a.ref} (${a.reason ?? "error"}: ${a.message})`).join("; ")}`,
    );
    this.name = "AllCandidatesFailedError";
  }
}

export const simpleFallback: FallbackRunner = async ({
  candidates,
  signal,
  attempt,
  resolveModel,
  onEvent,
}) => {
  const failures: { ref: string; message: string; reason?: string }[] = [];
  let last: AssistantMessage | undefined;
  for (const ref of candidates) {
    const model = resolveModel(ref);
    if (!model) {
      failures.push({ ref, message: `unknown model "${ref}"`, reason: "model_not_found" });
      continue;
    }
    if (failures.length > 0) onEvent({ phase: "fallback", to: ref, after: failures.at(-1) });
    last = await attempt({ model }, signal);
    if (last.stopReason !== "error") return last;
    if (last.error?.reason === "context_overflow" || signal.aborted) return last;
    failures.push({ ref, message: last.error?.message ?? "failed", reason: last.error?.reason });
    onEvent({ phase: "attempt_failed", ref, reason: last.error?.reason, message: last.error?.message });
  }
  throw new AllCandidatesFailedError(failures);
};
