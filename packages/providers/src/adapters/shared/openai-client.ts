/**
 * One OpenAI SDK client per call, configured only from the model and the call options: the SDK's
 * environment fallbacks (OPENAI_API_KEY, OPENAI_BASE_URL, org/project) are overridden on purpose.
 */
import type OpenAI from "openai";
import type { Model, StreamOptions } from "../../types.js";
import { lazyPeer } from "./optional-peer.js";

const loadOpenAISdk = lazyPeer(["openai"], "The OpenAI adapter", () => import("openai"));

/** Creates a client with SDK retries off (failover owns retries); loads the SDK on first use. */
export async function createOpenAIClient(model: Model, options: StreamOptions): Promise<OpenAI> {
  const { default: OpenAIClient } = await loadOpenAISdk();
  // OpenAI-compatible local servers need no key, but the SDK insists on one.
  const apiKey = options.apiKey ?? (model.provider === "openai" ? null : "not-needed");
  return new OpenAIClient({
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
