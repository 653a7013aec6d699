/** Smaller top-level sections: `memory`, `cron`, `skills`, `hooks`, `logging`. */
import Type from "typebox";
import { closedObject, Duration, recordOf, StringList, section } from "./primitives.js";

export const MemoryConfig = section({
  backend: Type.Enum(["builtin", "lancedb"], { default: "builtin" }),
  citations: Type.Enum(["auto", "on", "off"], { default: "auto" }),
  lancedb: Type.Optional(
    closedObject({
      uri: Type.String({ minLength: 1, description: "A local folder or an object-storage URI." }),
      storageOptions: Type.Optional(recordOf(Type.String())),
    }),
  ),
});

export const CronConfig = section({
  enabled: Type.Boolean({ default: true }),
  maxConcurrentRuns: Type.Integer({ minimum: 1, default: 1 }),
  runHistoryLimit: Type.Integer({ minimum: 1, default: 200, description: "Runs kept per job." }),
  catchUp: Type.Enum(["once", "skip", "all"], {
    default: "once",
    description: "Due times missed while the gateway was down: run once, record as missed, or run each.",
  }),
  jobTimeoutSeconds: Type.Integer({
    minimum: 1,
    default: 600,
    description: "Run timeout of jobs that set none.",
  }),
});

const SkillEntry = closedObject({
  enabled: Type.Optional(Type.Boolean()),
  apiKey: Type.Optional(Type.String()),
  env: Type.Optional(recordOf(Type.String())),
  config: Type.Optional(recordOf(Type.Union([Type.String(), Type.Number(), Type.Boolean()]))),
});

export const SkillsConfig = section({
  allowBundled: Type.Optional(
    Type.Array(Type.String(), { description: "Bundled skills to offer; unset = all." }),
  ),
  load: section({
    extraDirs: Type.Array(Type.String(), { default: [] }),
    watch: Type.Boolean({ default: true }),
  }),
  entries: Type.Optional(recordOf(SkillEntry)),
});

const HookMapping = closedObject({
  id: Type.Optional(Type.String()),
  match: closedObject({ path: Type.String({ minLength: 1 }) }),
  action: Type.Enum(["wake", "agent"]),
  agentId: Type.Optional(Type.String()),
  sessionKey: Type.Optional(Type.String()),
  messageTemplate: Type.Optional(Type.String()),
  deliver: Type.Optional(Type.Boolean()),
  channel: Type.Optional(Type.String()),
  to: Type.Optional(Type.String()),
});

export const HooksConfig = section({
  enabled: Type.Boolean({ default: false }),
  token: Type.Optional(
    Type.String({ description: "Required when enabled; distinct from the gateway token." }),
  ),
  path: Type.String({ pattern: "^/", default: "/hooks", "x-hint": 'start the path with "/"' }),
  maxBodyBytes: Type.Integer({ minimum: 1, default: 262_144 }),
  mappings: Type.Optional(Type.Array(HookMapping)),
  internal: section({
    enabled: Type.Boolean({ default: true }),
    entries: Type.Optional(recordOf(closedObject({ enabled: Type.Boolean() }))),
  }),
});

export const LogLevel = Type.Enum(["trace", "debug", "info", "warn", "error", "silent"]);

export const LoggingConfig = section({
  level: Type.Enum(["trace", "debug", "info", "warn", "error", "silent"], { default: "info" }),
  file: Type.Optional(Type.String()),
  consoleLevel: Type.Optional(LogLevel),
  consoleStyle: Type.Enum(["pretty", "compact", "json"], { default: "pretty" }),
  redactSensitive: Type.Enum(["off", "tools"], { default: "tools" }),
  redactPatterns: Type.Optional(StringList),
  rotate: Type.Optional(
    closedObject({ maxBytes: Type.Optional(Type.Integer({ minimum: 1 })), maxAge: Type.Optional(Duration) }),
  ),
});
