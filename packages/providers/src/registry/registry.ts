/**
 * The adapter registry: one stream function per wire API. Built-ins register through the same
 * door an embedder uses for its own API.
 */
import type { Api, StreamFunction } from "../types.js";

const adapters = new Map<Api, StreamFunction>();

/**
 * Registers (or replaces) the stream function for a wire API.
 *
 * @example
 * registerApi("my-gateway", (model, context, options) => runAdapter(model, options, [], async ({ builder }) => {
 *   builder.appendText("hi");
 *   builder.finish("stop");
 * }));
 */
export function registerApi(api: Api, streamFn: StreamFunction): void {
  adapters.set(api, streamFn);
}

/**
 * Removes an API's adapter; returns whether one was registered.
 *
 * @example
 * unregisterApi("my-gateway"); // true
 */
export function unregisterApi(api: Api): boolean {
  return adapters.delete(api);
}

/**
 * The stream function registered for an API, if any.
 *
 * @example
 * getApi("anthropic-messages")?.(model, context, { apiKey });
 */
export function getApi(api: Api): StreamFunction | undefined {
  return adapters.get(api);
}

/**
 * APIs that currently have an adapter.
 *
 * @example
 * listApis(); // ["anthropic-messages", "openai-completions", …]
 */
export function listApis(): Api[] {
  return [...adapters.keys()];
}
