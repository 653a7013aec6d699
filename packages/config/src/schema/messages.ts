/** `messages`: queueing while a run is active, inbound debouncing, reply prefixes. */
import Type from "typebox";
import { NonNegativeInteger, recordOf, section } from "./primitives.js";

export const QueueMode = Type.Enum(["steer", "followup", "collect", "steer-backlog", "interrupt", "queue"]);

export const MessagesConfig = section({
  queue: section({
    mode: Type.Enum(["steer", "followup", "collect", "steer-backlog", "interrupt", "queue"], {
      default: "collect",
    }),
    debounceMs: Type.Integer({ minimum: 0, default: 1000 }),
    cap: Type.Integer({ minimum: 1, default: 20 }),
    drop: Type.Enum(["old", "new", "summarize"], { default: "summarize" }),
    byChannel: Type.Optional(recordOf(QueueMode)),
  }),
  inbound: section({
    debounceMs: Type.Integer({ minimum: 0, default: 0 }),
    byChannel: Type.Optional(recordOf(NonNegativeInteger)),
  }),
  responsePrefix: Type.Optional(Type.String()),
});
