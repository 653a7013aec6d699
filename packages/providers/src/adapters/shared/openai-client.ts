/**
 * One OpenAI SDK client per call, configured only from the model and the call options: the SDK's
 * environment fallbacks (OPENAI_API_KEY, OPENAI_BASE_URL, org/project) are overridden on purpose.
 */
import OpenAI from "openai";
import type { Model, StreamOptions } from "../../types.js";

/** Creates a client with SDK retries off (failover owns retries). */
export function createOpenAIClient(model: Model, options: StreamOptions): OpenAI {
  // OpenAI-compatible local servers need no key, but the SDK insists on one.
  const apiKey = options.apiKey ?? (model.provider === "openai" ? null : "not-needed");
  return new OpenAI({
    apiKey,
    adminAPIKey: null,
    organization: null,
    project: null,
    baseURL: model.baseUrl ?? "https://api.openai.com/v1",
    maxRetries: 0,
    ...(options.timeoutMs !== undefined && { timeout: options.timeoutMs }),
    defaultHeaders: { ...model.headers, ...options.headers },
  });
}
