/**
 * The wire-replay fake server shared by the provider adapter tests and benchmarks.
 *
 * @example
 * import { fixture, replayHttprr, startFakeServer } from "../fake-server/index.js";
 * const server = await startFakeServer({
 *   "POST /api/chat": replayHttprr(fixture("ollama-chat/text-stream.httprr")),
 * });
 */

export { type Collected, collect } from "./collect.js";
export {
  hangUpAfter,
  malformedSse,
  mapReply,
  neverRespond,
  resetConnection,
  slowChunks,
} from "./failures.js";
export { fixture, readCapture } from "./fixture.js";
export { dechunk, type HttprrRecord, parseHttprr } from "./httprr.js";
export type { RecordedRequest, Reply, Responder } from "./reply.js";
export {
  json,
  jsonReply,
  ndjson,
  replayCassette,
  replayHttprr,
  replayJson,
  replayRecording,
  replaySse,
  sse,
} from "./responders.js";
export { type FakeServer, type Routes, startFakeServer } from "./server.js";
export { type SyntheticOptions, syntheticStream, tokenText, type WireFormat } from "./synthetic.js";
