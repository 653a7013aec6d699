import Type from "typebox";
import { closedObject, ModelRef, recordOf } from "./primitives.js";

/** `"provider/model"`, or `{ primary, fallbacks }` for a failover chain. */
export const ModelSelection = Type.Union([
  ModelRef,
  closedObject({
    primary: ModelRef,
    fallbacks: Type.Optional(Type.Array(ModelRef, { description: "Tried in order when the primary fails." })),
  }),
]);

/** `agents.defaults.models`: per-model settings keyed by `"provider/model"`, e.g. a short alias. */
export const ModelAliases = recordOf(
  closedObject({
    alias: Type.Optional(
      Type.String({ minLength: 1, description: 'Short name usable anywhere a model ref is, e.g. "opus".' }),
    ),
  }),
);
