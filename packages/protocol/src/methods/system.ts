import Type, { type Static } from "typebox";
import { PresenceEntry } from "../handshake.js";
import { NonEmpty, Timestamp } from "./common.js";

export const HealthParams = Type.Object(
  { probe: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);
export const StatusParams = Type.Object(
  { includeChannelSummary: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);

/** The last heartbeat of an agent: ran (a reply), ack (HEARTBEAT_OK, not delivered), skipped (no model call), error. */
export const HeartbeatBeat = Type.Object({
  atMs: Type.Integer({ minimum: 0 }),
  outcome: Type.Union([
    Type.Literal("ran"),
    Type.Literal("ack"),
    Type.Literal("skipped"),
    Type.Literal("error"),
  ]),
  reason: Type.String(),
  skipReason: Type.Optional(Type.String()),
  delivered: Type.Boolean(),
  error: Type.Optional(Type.String()),
});
export type HeartbeatBeat = Static<typeof HeartbeatBeat>;

/** `status` result: the fields the OpenClaw CLI reads, plus Claw's own process figures. */
export const StatusResult = Type.Object(
  {
    runtimeVersion: NonEmpty,
    pid: Type.Integer({ minimum: 0 }),
    uptimeMs: Timestamp,
    heartbeat: Type.Object({
      defaultAgentId: NonEmpty,
      agents: Type.Array(
        Type.Object({
          agentId: NonEmpty,
          enabled: Type.Boolean(),
          every: Type.String(),
          everyMs: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
          nextBeatAtMs: Type.Optional(Type.Integer({ minimum: 0 })),
          lastBeat: Type.Optional(HeartbeatBeat),
        }),
      ),
    }),
    channelSummary: Type.Array(Type.Unknown()),
    queuedSystemEvents: Type.Array(Type.Unknown()),
    sessions: Type.Object({
      paths: Type.Array(Type.String()),
      count: Type.Integer({ minimum: 0 }),
      defaults: Type.Object({
        model: Type.Union([Type.String(), Type.Null()]),
        contextTokens: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
      }),
      recent: Type.Array(Type.Unknown()),
    }),
    processMemory: Type.Optional(
      Type.Object({ rssBytes: Timestamp, heapUsedBytes: Timestamp, heapTotalBytes: Timestamp }),
    ),
    activeRuns: Type.Optional(Type.Integer({ minimum: 0 })),
    connections: Type.Optional(Type.Integer({ minimum: 0 })),
  },
  { additionalProperties: false },
);
export type StatusResult = Static<typeof StatusResult>;

export const SystemPresenceParams = Type.Object({}, { additionalProperties: false });
export const SystemPresenceResult = Type.Array(PresenceEntry);

export const ModelsListParams = Type.Object(
  { agentId: Type.Optional(NonEmpty), refresh: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);
export const ModelEntry = Type.Object(
  {
    id: NonEmpty,
    name: NonEmpty,
    provider: NonEmpty,
    alias: Type.Optional(NonEmpty),
    available: Type.Optional(Type.Boolean()),
    /** Why `available` is false: no credential, or every credential cooling for this model. */
    unavailableReason: Type.Optional(
      Type.Union([Type.Literal("missing-auth"), Type.Literal("auth-failed"), Type.Literal("cooldown")]),
    ),
    /** With `cooldown`: when the first credential is usable again (epoch ms). */
    unavailableUntil: Type.Optional(Type.Integer({ minimum: 0 })),
    contextWindow: Type.Optional(Type.Integer({ minimum: 1 })),
    reasoning: Type.Optional(Type.Boolean()),
    supportsTools: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type ModelEntry = Static<typeof ModelEntry>;
export const ModelsListResult = Type.Object(
  { models: Type.Array(ModelEntry) },
  { additionalProperties: false },
);

export const ToolsEffectiveParams = Type.Object(
  { sessionKey: NonEmpty, agentId: Type.Optional(NonEmpty) },
  { additionalProperties: false },
);
const ToolSource = Type.Union([
  Type.Literal("core"),
  Type.Literal("plugin"),
  Type.Literal("channel"),
  Type.Literal("mcp"),
]);
export const ToolsEffectiveEntry = Type.Object(
  {
    id: NonEmpty,
    label: NonEmpty,
    description: Type.String(),
    rawDescription: Type.String(),
    source: ToolSource,
    risk: Type.Optional(Type.Union([Type.Literal("low"), Type.Literal("medium"), Type.Literal("high")])),
  },
  { additionalProperties: false },
);
export const ToolsEffectiveResult = Type.Object(
  {
    agentId: NonEmpty,
    profile: NonEmpty,
    groups: Type.Array(
      Type.Object(
        { id: ToolSource, label: NonEmpty, source: ToolSource, tools: Type.Array(ToolsEffectiveEntry) },
        { additionalProperties: false },
      ),
    ),
    /** Built tools this agent is not offered, each with the setting that keeps it away (Claw extension). */
    absent: Type.Optional(
      Type.Array(Type.Object({ id: NonEmpty, reason: NonEmpty }, { additionalProperties: false })),
    ),
  },
  { additionalProperties: false },
);
export type ToolsEffectiveResult = Static<typeof ToolsEffectiveResult>;

export const SkillsListParams = Type.Object(
  { agentId: Type.Optional(NonEmpty) },
  { additionalProperties: false },
);
export const SkillEntry = Type.Object(
  {
    name: NonEmpty,
    description: Type.String(),
    source: Type.String(),
    enabled: Type.Boolean(),
    path: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
);
export type SkillEntry = Static<typeof SkillEntry>;
export const SkillsListResult = Type.Object(
  { skills: Type.Array(SkillEntry) },
  { additionalProperties: false },
);

export const MemorySearchParams = Type.Object(
  {
    query: NonEmpty,
    agentId: Type.Optional(NonEmpty),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  },
  { additionalProperties: false },
);
export const MemoryHit = Type.Object(
  {
    path: Type.String(),
    startLine: Type.Integer({ minimum: 0 }),
    endLine: Type.Integer({ minimum: 0 }),
    score: Type.Number(),
    snippet: Type.String(),
  },
  { additionalProperties: false },
);
export type MemoryHit = Static<typeof MemoryHit>;
export const MemorySearchResult = Type.Object(
  { results: Type.Array(MemoryHit) },
  { additionalProperties: false },
);

export const LogsTailParams = Type.Object(
  {
    cursor: Type.Optional(Type.Integer({ minimum: 0 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 5000 })),
    maxBytes: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
  },
  { additionalProperties: false },
);
export const LogsTailResult = Type.Object(
  {
    file: NonEmpty,
    cursor: Type.Integer({ minimum: 0 }),
    size: Type.Integer({ minimum: 0 }),
    lines: Type.Array(Type.String()),
    truncated: Type.Optional(Type.Boolean()),
    reset: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type LogsTailResult = Static<typeof LogsTailResult>;
