import Type, { type Static } from "typebox";
import { NonEmpty } from "./common.js";

export const ConfigGetParams = Type.Object({}, { additionalProperties: false });
export const ConfigGetResult = Type.Object(
  { config: Type.Unknown(), hash: NonEmpty, path: Type.Optional(Type.String()) },
  { additionalProperties: false },
);

/** `config.patch` merges `raw` (JSON5 text) into the file; `config.apply` replaces it. */
export const ConfigWriteParams = Type.Object(
  {
    raw: NonEmpty,
    baseHash: Type.Optional(NonEmpty),
    note: Type.Optional(Type.String()),
    restartDelayMs: Type.Optional(Type.Integer({ minimum: 0 })),
  },
  { additionalProperties: false },
);
export type ConfigWriteParams = Static<typeof ConfigWriteParams>;

/** What happened: which paths changed, which were hot-applied, which need a restart. */
export const ConfigWriteResult = Type.Object(
  {
    ok: Type.Literal(true),
    hash: NonEmpty,
    changedPaths: Type.Array(Type.String()),
    hotApplied: Type.Array(Type.String()),
    restartRequired: Type.Array(Type.String()),
  },
  { additionalProperties: false },
);
export type ConfigWriteResult = Static<typeof ConfigWriteResult>;
