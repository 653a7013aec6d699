/**
 * The runtime's fallback runner on @claw/failover: candidate chain, auth-profile rotation,
 * cooldowns. It never throws for a provider failure: it returns a failed assistant message
 * whose `error.reason` is the one the provider classified (or, when every candidate failed, the
 * last attempt's reason with the whole story as the message), so the run loop handles each
 * failure exactly once.
 */
import {
  type AuthStore,
  FailoverError,
  type FailoverEvent,
  runWithModelFallback,
  toModelRef,
} from "@claw/failover";
import { type AssistantMessage, createAssistantMessage, type ProviderErrorInfo } from "@claw/providers";
import type { FallbackRunner } from "../runtime/options.js";

export interface FailoverRunnerOptions {
  /** Credentials and cooldown state; without it each candidate is tried once with `getApiKey`. */
  authStore?: AuthStore;
  /** Observes every failover event (for logs); the run's event stream gets them too. */
  onFailoverEvent?: (event: FailoverEvent) => void;
  now?: () => number;
}

/**
 * @example
 * const runtime = createAgentRuntime({ ..., fallback: createFailoverRunner({ authStore }) });
 */
export function createFailoverRunner(options: FailoverRunnerOptions = {}): FallbackRunner {
  return async ({ candidates, sessionKey, signal, attempt, resolveModel, onEvent }) => {
    const refs = candidates.map((ref) => toModelRef(ref));
    const outcome = await runWithModelFallback({
      candidates: refs,
      authStore: options.authStore,
      signal,
      sessionKey,
      now: options.now,
      onEvent: (event) => {
        options.onFailoverEvent?.(event);
        onEvent(event);
      },
      run: async (a) => {
        const model = resolveModel(a.ref);
        if (!model) {
          throw Object.assign(
            new Error(`unknown model "${a.ref}" — check the model name or run \`claw models list\``),
            { reason: "model_not_found", status: 404 },
          );
        }
        return attempt({ model, apiKey: a.apiKey, profileId: a.profile?.id }, a.signal ?? signal);
      },
    });
    if (outcome.ok) return outcome.result;
    const { failed, error } = outcome;
    // A failure that stopped the chain (overflow) is the provider's own failed message, as it is.
    if (error instanceof FailoverError && failed?.error?.reason === outcome.reason) return failed;
    return failedMessage(
      failed,
      { message: error.message, reason: outcome.reason },
      refs[0]?.ref,
      resolveModel,
    );
  };
}

/** The last failed message with the whole story as its error, or a fresh one when no call answered. */
function failedMessage(
  last: AssistantMessage | undefined,
  error: ProviderErrorInfo,
  firstRef: string | undefined,
  resolveModel: (ref: string) => { api: string; provider: string; id: string } | undefined,
): AssistantMessage {
  const model = firstRef === undefined ? undefined : resolveModel(firstRef);
  const base =
    last ??
    createAssistantMessage(model ?? { api: "unknown", provider: "unknown", id: firstRef ?? "unknown" });
  return { ...base, stopReason: error.reason === "aborted" ? "aborted" : "error", error };
}
