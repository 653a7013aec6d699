/** Builds the loop's `callModel` from a fallback runner, a stream function and credentials. */
import type { AssistantMessage, Model, StreamFunction, ThinkingLevel } from "@claw/providers";
import type { RunEmitter } from "../events/event-bus.js";
import type { CallModel } from "../loop/types.js";
import type { FallbackRunner } from "./options.js";

export interface CallModelParams {
  candidates: string[];
  sessionKey: string;
  thinking: ThinkingLevel;
  stream: StreamFunction;
  fallback: FallbackRunner;
  resolveModel: (ref: string) => Model | undefined;
  getApiKey?: (provider: string) => string | undefined | Promise<string | undefined>;
  emit: RunEmitter;
  /** Told which model answered, so the session can record it. */
  onModelUsed?: (model: Model) => void;
}

export function createCallModel(params: CallModelParams): CallModel {
  return (context, { signal, onEvent }) =>
    params.fallback({
      candidates: params.candidates,
      sessionKey: params.sessionKey,
      signal,
      resolveModel: params.resolveModel,
      onEvent: (event) => params.emit("lifecycle", { phase: "failover", ...event }),
      attempt: async (candidate, attemptSignal): Promise<AssistantMessage> => {
        const apiKey = candidate.apiKey ?? (await params.getApiKey?.(candidate.model.provider));
        const stream = params.stream(candidate.model, context, {
          apiKey,
          signal: attemptSignal,
          thinking: candidate.model.reasoning ? params.thinking : "off",
          sessionId: params.sessionKey,
        });
        for await (const event of stream) onEvent(event);
        const message = await stream.result();
        if (message.stopReason !== "error") params.onModelUsed?.(candidate.model);
        return message;
      },
    });
}
