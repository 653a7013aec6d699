/**
 * The runtime's fallback runner on @claw/failover: candidate chain, auth-profile rotation,
 * cooldowns and one clear error when every candidate failed.
 */
import {
  type AuthStore,
  type FailoverEvent,
  parseModelRef,
  runWithModelFallback,
  throwIfFailed,
} from "@claw/failover";
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
    const outcome = await runWithModelFallback({
      candidates: candidates.map((ref) => parseModelRef(ref)),
      authStore: options.authStore,
      signal,
      sessionKey,
      now: options.now,
      onEvent: (event) => {
        options.onFailoverEvent?.(event);
        const { type, ...rest } = event;
        onEvent({ phase: type, ...rest });
      },
      run: async (a) => {
        const model = resolveModel(a.ref);
        if (!model) {
          throw Object.assign(
            new Error(`unknown model "${a.ref}" — check the model name or run \`claw models list\``),
            {
              reason: "model_not_found",
              status: 404,
            },
          );
        }
        const message = await attempt(
          { model, apiKey: a.apiKey, profileId: a.profile?.id },
          a.signal ?? signal,
        );
        return throwIfFailed(message, { provider: a.provider, modelId: a.modelId, profileId: a.profile?.id });
      },
    });
    return outcome.result;
  };
}
