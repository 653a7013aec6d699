/**
 * What the Status page shows besides health: the failover state of each credential
 * (`models.authStatus`, OpenClaw's name and params) and each agent's memory index
 * (`doctor.memory.status`, OpenClaw's name). OpenClaw publishes no result schema for either;
 * these are Claw's.
 */
import Type, { type Static } from "typebox";
import { NonEmpty, Timestamp } from "./common.js";

export const ModelsAuthStatusParams = Type.Object(
  { refresh: Type.Optional(Type.Boolean()), agentId: Type.Optional(Type.String()) },
  { additionalProperties: false },
);

/** One cooldown in force: on the whole credential, its disabled lane (billing, revoked key), or one model. */
export const CooldownStatus = Type.Object(
  {
    scope: Type.Union([Type.Literal("profile"), Type.Literal("disabled"), Type.Literal("model")]),
    modelId: Type.Optional(NonEmpty),
    /** The failure reason that started it (`rate_limit`, `billing`, `auth`, …). */
    reason: NonEmpty,
    /** Usable again at this time (epoch ms). */
    until: Timestamp,
    failures: Type.Integer({ minimum: 1 }),
  },
  { additionalProperties: false },
);
export type CooldownStatus = Static<typeof CooldownStatus>;

export const AuthProfileStatus = Type.Object(
  {
    profileId: NonEmpty,
    provider: NonEmpty,
    type: Type.Union([Type.Literal("api_key"), Type.Literal("oauth")]),
    lastUsedAt: Type.Optional(Timestamp),
    cooldowns: Type.Array(CooldownStatus),
  },
  { additionalProperties: false },
);
export type AuthProfileStatus = Static<typeof AuthProfileStatus>;

export const ModelsAuthStatusResult = Type.Object(
  {
    ts: Timestamp,
    /** Every credential the gateway knows (never the secret), by provider. */
    profiles: Type.Array(AuthProfileStatus),
    /** Providers that need no credential (a local Ollama). */
    keyless: Type.Array(NonEmpty),
  },
  { additionalProperties: false },
);

export const DoctorMemoryStatusParams = Type.Object(
  { agentId: Type.Optional(NonEmpty) },
  { additionalProperties: true },
);

export const MemoryIndexStatus = Type.Object(
  {
    agentId: NonEmpty,
    /** False when `memorySearch.enabled` is false for the agent: the other fields are absent. */
    enabled: Type.Boolean(),
    backend: Type.Optional(Type.String()),
    location: Type.Optional(Type.String()),
    files: Type.Optional(Type.Integer({ minimum: 0 })),
    chunks: Type.Optional(Type.Integer({ minimum: 0 })),
    /** Memory files the next index run would add, change or remove. */
    pendingFiles: Type.Optional(Type.Integer({ minimum: 0 })),
    /** Behind the files on disk, or built for another embedding model. */
    dirty: Type.Optional(Type.Boolean()),
    syncing: Type.Optional(Type.Boolean()),
    watching: Type.Optional(Type.Boolean()),
    /** When this gateway last finished indexing (epoch ms); absent before the first run since start. */
    lastIndexedAt: Type.Optional(Timestamp),
    lastError: Type.Optional(Type.String()),
    vector: Type.Optional(
      Type.Object(
        {
          available: Type.Boolean(),
          provider: Type.Optional(Type.String()),
          model: Type.Optional(Type.String()),
          dims: Type.Optional(Type.Integer({ minimum: 1 })),
          vectors: Type.Integer({ minimum: 0 }),
          /** Why search is keyword-only, when it is. */
          reason: Type.Optional(Type.String()),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
export type MemoryIndexStatus = Static<typeof MemoryIndexStatus>;

export const DoctorMemoryStatusResult = Type.Object(
  { agents: Type.Array(MemoryIndexStatus) },
  { additionalProperties: false },
);
