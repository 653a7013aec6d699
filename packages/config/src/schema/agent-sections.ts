/**
 * The property sets of the per-agent sections (compaction, pruning, memory search, heartbeat,
 * subagents, sandbox). `agents.defaults` uses them with `section()` so defaults materialise;
 * `agents.list[]` uses them with `closedObject()` so an agent only overrides what it sets.
 */
import Type from "typebox";
import { ModelSelection } from "./model-selection.js";
import {
  closedObject,
  Duration,
  NonNegativeInteger,
  PositiveInteger,
  recordOf,
  StringList,
  section,
  ThinkLevel,
} from "./primitives.js";

export const compactionProps = {
  mode: Type.Enum(["default", "safeguard"], { default: "default" }),
  reserveTokensFloor: Type.Integer({ minimum: 0, default: 20_000 }),
  maxHistoryShare: Type.Number({ minimum: 0.1, maximum: 0.9, default: 0.5 }),
  keepRecentTokens: Type.Optional(
    Type.Integer({
      minimum: 1,
      description:
        "Default mode: recent tokens kept verbatim by a compaction (default 20000, at most a quarter of the model's window).",
    }),
  ),
  identifierPolicy: Type.Enum(["strict", "off", "custom"], { default: "strict" }),
  identifierInstructions: Type.Optional(Type.String()),
  memoryFlush: section({
    enabled: Type.Boolean({ default: true }),
    softThresholdTokens: Type.Integer({ minimum: 0, default: 4000 }),
    prompt: Type.Optional(Type.String()),
    systemPrompt: Type.Optional(Type.String()),
  }),
};

export const contextPruningProps = {
  mode: Type.Enum(["off", "cache-ttl"], { default: "off" }),
  ttl: Type.Optional(Duration),
  keepLastAssistants: Type.Integer({ minimum: 0, default: 3 }),
  softTrimRatio: Type.Number({ minimum: 0, maximum: 1, default: 0.3 }),
  hardClearRatio: Type.Number({ minimum: 0, maximum: 1, default: 0.5 }),
  minPrunableToolChars: Type.Integer({ minimum: 0, default: 50_000 }),
  softTrim: section({
    maxChars: Type.Integer({ minimum: 1, default: 4000 }),
    headChars: Type.Integer({ minimum: 0, default: 1500 }),
    tailChars: Type.Integer({ minimum: 0, default: 1500 }),
  }),
  hardClear: section({
    enabled: Type.Boolean({ default: true }),
    placeholder: Type.String({ default: "[Old tool result content cleared]" }),
  }),
  tools: Type.Optional(closedObject({ allow: Type.Optional(StringList), deny: Type.Optional(StringList) })),
};

export const memorySearchProps = {
  enabled: Type.Boolean({ default: true }),
  provider: Type.Optional(Type.Enum(["local", "openai", "gemini", "ollama", "voyage"])),
  model: Type.Optional(Type.String()),
  fallback: Type.Optional(Type.Enum(["openai", "gemini", "local", "none"])),
  sources: Type.Optional(Type.Array(Type.Enum(["memory", "sessions"]), { minItems: 1 })),
  extraPaths: Type.Optional(StringList),
  local: Type.Optional(
    closedObject({ modelPath: Type.Optional(Type.String()), modelCacheDir: Type.Optional(Type.String()) }),
  ),
  remote: Type.Optional(
    closedObject({
      baseUrl: Type.Optional(Type.String()),
      apiKey: Type.Optional(Type.String()),
      headers: Type.Optional(recordOf(Type.String())),
    }),
  ),
  query: section({
    maxResults: Type.Integer({ minimum: 1, default: 6 }),
    minScore: Type.Number({ minimum: 0, maximum: 1, default: 0.35 }),
    hybrid: section({
      enabled: Type.Boolean({ default: true }),
      vectorWeight: Type.Number({ minimum: 0, default: 0.7 }),
      textWeight: Type.Number({ minimum: 0, default: 0.3 }),
      candidateMultiplier: Type.Integer({ minimum: 1, default: 4 }),
    }),
  }),
  cache: section({
    enabled: Type.Boolean({ default: true }),
    maxEntries: Type.Integer({ minimum: 1, default: 50_000 }),
  }),
};

export const heartbeatProps = {
  every: Type.Optional(Duration),
  model: Type.Optional(ModelSelection),
  prompt: Type.Optional(Type.String()),
  target: Type.Optional(
    Type.String({ description: '"last" (the last channel used), "none", or a channel id.' }),
  ),
  to: Type.Optional(Type.String({ description: "The peer on the target channel (a chat id, a user id)." })),
  session: Type.Optional(
    Type.String({ description: "Session key the heartbeat runs in (default: the agent's main session)." }),
  ),
  ackMaxChars: Type.Optional(
    Type.Integer({
      minimum: 0,
      description: "A HEARTBEAT_OK reply with at most this many other characters is an ack (default 30).",
    }),
  ),
  lightContext: Type.Optional(
    Type.Boolean({ description: "Keep heartbeat runs cheap: HEARTBEAT.md only (default true)." }),
  ),
  activeHours: Type.Optional(
    closedObject({
      start: Type.String({ pattern: "^([01][0-9]|2[0-3]):[0-5][0-9]$", "x-hint": 'use 24-hour "HH:MM"' }),
      end: Type.String({ pattern: "^([01][0-9]|2[0-4]):[0-5][0-9]$", "x-hint": 'use 24-hour "HH:MM"' }),
      timezone: Type.Optional(Type.String()),
    }),
  ),
};

export const subagentsProps = {
  maxSpawnDepth: Type.Integer({ minimum: 0, maximum: 5, default: 1 }),
  maxChildrenPerAgent: Type.Integer({ minimum: 1, default: 5 }),
  maxConcurrent: Type.Integer({ minimum: 1, default: 8 }),
  archiveAfterMinutes: Type.Integer({ minimum: 0, default: 60 }),
  model: Type.Optional(ModelSelection),
  thinking: Type.Optional(ThinkLevel),
  allowAgents: Type.Optional(
    Type.Array(Type.String(), { description: 'Agent ids this agent may spawn; ["*"] allows any.' }),
  ),
};

export const sandboxProps = {
  mode: Type.Enum(["off", "non-main", "all"], {
    default: "off",
    description: "Run exec in bubblewrap: never, in every session but the agent's main one, or always.",
  }),
  scope: Type.Enum(["session", "agent", "shared"], { default: "agent" }),
  workspaceRoot: Type.Optional(Type.String()),
  workspaceAccess: Type.Enum(["rw", "ro", "none"], { default: "rw" }),
  network: Type.Boolean({ default: false, description: "Let sandboxed commands use the network." }),
  limits: Type.Optional(
    closedObject({
      cpuSeconds: Type.Optional(
        Type.Integer({ minimum: 1, description: "CPU seconds per sandboxed process." }),
      ),
      memoryMb: Type.Optional(
        Type.Integer({ minimum: 1, description: "Address space per sandboxed process, MiB." }),
      ),
      maxProcesses: Type.Optional(
        Type.Integer({
          minimum: 1,
          description: "Processes and threads of the command's uid, counted host-wide (RLIMIT_NPROC).",
        }),
      ),
    }),
  ),
  user: Type.Optional(
    closedObject({
      uid: Type.Integer({
        minimum: 1,
        maximum: 4294967294,
        description: "Uid sandboxed commands run as when the gateway runs as root (default 2000000000).",
      }),
      gid: Type.Integer({
        minimum: 1,
        maximum: 4294967294,
        description: "Gid sandboxed commands run as when the gateway runs as root (default 2000000000).",
      }),
    }),
  ),
  sessionToolsVisibility: Type.Enum(["spawned", "all"], { default: "spawned" }),
  docker: Type.Optional(
    closedObject({
      image: Type.Optional(Type.String()),
      setupCommand: Type.Optional(Type.String()),
      network: Type.Optional(Type.String()),
    }),
  ),
  tools: Type.Optional(closedObject({ allow: Type.Optional(StringList), deny: Type.Optional(StringList) })),
};

export const identityProps = {
  name: Type.Optional(Type.String()),
  emoji: Type.Optional(Type.String()),
  ownerNumbers: Type.Optional(
    Type.Array(Type.String(), {
      description:
        "Senders treated as the owner, one per platform id: +15551234567 (E.164), telegram:<user id>, discord:<user id>, slack:<user id>.",
    }),
  ),
};

export const HumanDelay = Type.Union([
  Type.Enum(["off", "natural"]),
  closedObject({ minMs: NonNegativeInteger, maxMs: PositiveInteger }),
]);

export const groupChatProps = {
  mentionPatterns: Type.Optional(StringList),
  historyLimit: Type.Optional(NonNegativeInteger),
};
