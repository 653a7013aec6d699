export type * from "./types.js";
export { type AssistantEventSink, createAssistantEventStream } from "./stream/event-stream.js";
