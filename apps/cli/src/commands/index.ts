/**
 * The command table. Each entry names a command, its subcommands and flags, says what it does in
 * one line, and loads its module only when it runs, so `claw --help` imports none of them. Help,
 * shell completion and docs/cli.md are generated from these rows. Add a command by adding a row.
 */
import {
  AGENT_FLAG,
  type CommandEntry,
  GATEWAY_FLAGS,
  JSON_FLAG,
  READ,
  type SubcommandSpec,
} from "../command-spec.js";

import { CHANNEL_COMMANDS } from "./channel-commands.js";
import { JOB_FLAGS } from "./cron/job-flags.js";

export type { CommandEntry } from "../command-spec.js";

export const COMMANDS: readonly CommandEntry[] = [
  {
    name: "onboard",
    summary: "First run: providers and keys, default model, workspace, gateway token, config",
    flags: {
      provider: {
        type: "string",
        value: "LIST",
        summary: "providers, comma-separated: anthropic, openai, google, ollama, openai-compatible",
      },
      "api-key-env": {
        type: "string",
        value: "NAME",
        summary: "read the API key from this environment variable (stored in auth-profiles.json, 0600)",
      },
      "base-url": { type: "string", value: "URL", summary: "Ollama or OpenAI-compatible endpoint" },
      model: { type: "string", value: "P/M", summary: "default model (e.g. anthropic/claude-sonnet-4-5)" },
      workspace: {
        type: "string",
        value: "DIR",
        summary: "workspace folder (default <state dir>/workspace)",
      },
      yes: { type: "boolean", short: "y", summary: "no questions: take the flags and defaults" },
      force: { type: "boolean", summary: "replace an existing config file (the old one is kept as .bak)" },
      ...JSON_FLAG,
    },
    load: () => import("./onboard/index.js"),
  },
  {
    name: "gateway",
    summary: "Run, inspect and stop the gateway; read its log",
    subcommands: [
      {
        name: "run",
        summary: "run the gateway in the foreground (Ctrl-C stops it gracefully)",
        flags: {
          port: { type: "string", value: "N", summary: "port (default gateway.port, 18789; 0 = any free)" },
          bind: { type: "string", value: "HOST", summary: "loopback (default), lan, or an address" },
          detach: {
            type: "boolean",
            short: "d",
            summary: "start in the background, log to <state dir>/logs",
          },
        },
      },
      { name: "status", summary: "is it running: pid, URL, reachable", flags: READ },
      {
        name: "stop",
        summary: "stop the gateway (SIGTERM to the pid in gateway.json, then wait)",
        flags: { timeout: { type: "string", value: "SECONDS", summary: "how long to wait (default 10)" } },
      },
      {
        name: "logs",
        summary: "print the gateway log (<state dir>/logs/gateway.log)",
        flags: {
          follow: { type: "boolean", short: "f", summary: "keep printing new lines" },
          lines: { type: "string", short: "n", value: "N", summary: "lines to show (default 50)" },
          ...JSON_FLAG,
        },
      },
    ],
    load: () => import("./gateway/index.js"),
  },
  {
    name: "health",
    summary: "Ask the running gateway for its health summary",
    flags: READ,
    load: () => import("./health/index.js"),
  },
  {
    name: "status",
    summary: "Gateway, agents, models and cooldowns, channels, sessions, memory index",
    flags: READ,
    load: () => import("./status/index.js"),
  },
  {
    name: "agent",
    summary: "Send a message to an agent and stream the reply (through the gateway, or --local)",
    flags: {
      message: { type: "string", short: "m", value: "TEXT", summary: "the message (required)" },
      ...AGENT_FLAG,
      session: { type: "string", value: "KEY", summary: "session key (default agent:<agent>:main)" },
      model: { type: "string", value: "P/M", summary: "model for this run only" },
      thinking: { type: "string", value: "LEVEL", summary: "off, minimal, low, medium, high" },
      local: { type: "boolean", summary: "run the agent in this process, without a gateway" },
      ...READ,
    },
    load: () => import("./agent/index.js"),
  },
  {
    name: "tui",
    summary: "Open the terminal chat (--local starts an embedded gateway)",
    flags: {
      local: {
        type: "boolean",
        summary: "start an embedded gateway for this session instead of connecting to one",
      },
      session: { type: "string", value: "KEY", summary: "session key to open (default agent:<agent>:main)" },
      agent: { type: "string", value: "ID", summary: "agent to talk to (default: the default agent)" },
      password: { type: "string", value: "P", summary: "gateway password (password auth)" },
      ...GATEWAY_FLAGS,
    },
    load: () => import("./tui/index.js"),
  },
  {
    name: "sessions",
    summary: "List, show, reset and delete sessions",
    subcommands: [
      {
        name: "list",
        summary: "sessions, most recent first, with model and cost (priced by the model that answered)",
        flags: {
          ...AGENT_FLAG,
          search: { type: "string", value: "TEXT", summary: "filter by key or label" },
          limit: { type: "string", value: "N", summary: "at most N rows" },
          ...READ,
        },
      },
      {
        name: "show",
        args: "KEY",
        summary: "a session's transcript",
        flags: { limit: { type: "string", value: "N", summary: "last N messages (default 50)" }, ...READ },
      },
      { name: "reset", args: "KEY", summary: "start a new session id for the key", flags: GATEWAY_FLAGS },
      {
        name: "delete",
        args: "KEY",
        summary: "delete the session (and its transcript)",
        flags: {
          "keep-transcript": { type: "boolean", summary: "keep the transcript file" },
          ...GATEWAY_FLAGS,
        },
      },
    ],
    load: () => import("./sessions/index.js"),
  },
  {
    name: "cron",
    summary: "Scheduled jobs: add, list, edit, run, and every run's outcome",
    subcommands: [
      {
        name: "add",
        summary: "add a job (one of --at/--every/--cron, and --message or --system-event)",
        flags: {
          ...JOB_FLAGS,
          disabled: { type: "boolean", summary: "add it disabled" },
          "keep-after-run": { type: "boolean", summary: "keep an --at job after it ran (default: removed)" },
          ...READ,
        },
      },
      {
        name: "list",
        summary: "jobs, soonest first, with the last run's outcome",
        flags: { ...AGENT_FLAG, ...READ },
      },
      {
        name: "edit",
        args: "ID",
        summary: "change a job (only the flags given)",
        flags: { ...JOB_FLAGS, ...READ },
      },
      { name: "remove", args: "ID", summary: "remove a job and its runs", flags: GATEWAY_FLAGS },
      {
        name: "run",
        args: "ID",
        summary: "run a job now and print how it ended",
        flags: { due: { type: "boolean", summary: "only if it is due" }, ...READ },
      },
      {
        name: "runs",
        args: "[ID]",
        summary: "finished runs, newest first (missed, timed out and skipped ones too)",
        flags: { limit: { type: "string", value: "N", summary: "at most N runs (default 50)" }, ...READ },
      },
      { name: "enable", args: "ID", summary: "enable a job", flags: READ },
      { name: "disable", args: "ID", summary: "disable a job", flags: READ },
    ],
    load: () => import("./cron/index.js"),
  },
  {
    name: "models",
    summary: "Known models, credentials and cooldowns",
    subcommands: [
      {
        name: "list",
        summary: "models the gateway knows, and whether they have a credential",
        flags: {
          provider: { type: "string", value: "NAME", summary: "only this provider" },
          available: { type: "boolean", summary: "only models with a credential" },
          ...READ,
        },
      },
      {
        name: "status",
        summary: "default model and fallbacks, credentials per provider, cooldowns and why",
        flags: JSON_FLAG,
      },
    ],
    load: () => import("./models/index.js"),
  },
  {
    name: "skills",
    summary: "Installed skills and whether each can run here",
    subcommands: [
      { name: "list", summary: "skills the gateway loaded for an agent", flags: { ...AGENT_FLAG, ...READ } },
      {
        name: "check",
        summary: "each skill: eligible, or why not (binary, env var, OS, config)",
        flags: { ...AGENT_FLAG, ...JSON_FLAG },
      },
    ],
    load: () => import("./skills/index.js"),
  },
  {
    name: "tools",
    summary: "Explain which tools an agent gets, and which rule removed the others",
    subcommands: [
      {
        name: "explain",
        args: "[TOOL]",
        summary: "per tool the agent is offered: kept, or removed and by which rule",
        flags: {
          ...AGENT_FLAG,
          channel: { type: "string", value: "ID", summary: "delivery channel, e.g. telegram" },
          sender: { type: "string", value: "owner|other", summary: "who sends (default owner)" },
          model: { type: "string", value: "P/M", summary: "model (default the agent's primary)" },
          session: { type: "string", value: "KEY", summary: "session key (subagent depth)" },
          ...JSON_FLAG,
        },
      },
    ],
    load: () => import("./tools/index.js"),
  },
  {
    name: "approvals",
    summary: "Commands waiting for approval, and the per-agent exec allowlist",
    subcommands: [
      { name: "pending", summary: "commands waiting for a decision (through the gateway)", flags: READ },
      {
        name: "resolve",
        args: "ID DECISION",
        summary: "allow-once (a), allow-always (A, adds it to the allowlist) or deny (d)",
        flags: READ,
      },
      { name: "list", summary: "the agent's allowlist entries", flags: { ...AGENT_FLAG, ...JSON_FLAG } },
      {
        name: "allow",
        args: "PROGRAM",
        summary: "allow a program (resolved to its real path, or a path glob) for the agent",
        flags: {
          ...AGENT_FLAG,
          args: { type: "string", value: "GLOB", summary: 'only with arguments matching, e.g. "status*"' },
          ...JSON_FLAG,
        },
      },
      {
        name: "revoke",
        args: "ID|PROGRAM",
        summary: "remove an allowlist entry",
        flags: { ...AGENT_FLAG, ...JSON_FLAG },
      },
    ],
    load: () => import("./approvals/index.js"),
  },
  {
    name: "browser",
    summary: "The gateway's managed browsers (one per agent profile)",
    subcommands: [
      { name: "status", summary: "Chromium and every browser profile's state", flags: READ },
      {
        name: "start",
        args: "[PROFILE]",
        summary: "start a profile's browser now (a profile is an agent id; default: the default agent's)",
        flags: READ,
      },
      {
        name: "stop",
        args: "[PROFILE]",
        summary: "stop a profile's browser (default: the default agent's)",
        flags: { all: { type: "boolean", summary: "stop every running browser" }, ...READ },
      },
      { name: "profiles", summary: "every browser profile on disk or running", flags: READ },
    ],
    load: () => import("./browser/index.js"),
  },
  {
    name: "memory",
    summary: "The memory index: status, (re)index with progress, search",
    subcommands: [
      {
        name: "status",
        summary: "index location, provider, files and chunks",
        flags: { ...AGENT_FLAG, ...JSON_FLAG },
      },
      {
        name: "index",
        summary: "index MEMORY.md and memory/*.md (changed files only)",
        flags: {
          ...AGENT_FLAG,
          force: { type: "boolean", summary: "re-chunk and rewrite every file" },
          ...JSON_FLAG,
        },
      },
      {
        name: "search",
        args: "QUERY",
        summary: "hybrid search (keyword-only without an embedding provider)",
        flags: {
          ...AGENT_FLAG,
          limit: { type: "string", value: "N", summary: "at most N results (default 6)" },
          ...JSON_FLAG,
        },
      },
    ],
    load: () => import("./memory/index.js"),
  },
  {
    name: "config",
    summary: "Read, change and check the config file (get, set, unset, validate, schema, path)",
    subcommands: [
      { name: "get", args: "[PATH]", summary: "print the effective config, or one value", flags: JSON_FLAG },
      {
        name: "set",
        args: "PATH VALUE",
        summary: "set a value; validated before writing",
        flags: { string: { type: "boolean", summary: "keep VALUE as text" } },
      },
      { name: "unset", args: "PATH", summary: "remove a key; validated before writing" },
      { name: "validate", summary: "check the config file and list every problem", flags: JSON_FLAG },
      { name: "schema", summary: "print the JSON Schema of claw.json" },
      { name: "path", summary: "print where the config file and state dir are", flags: JSON_FLAG },
    ],
    load: () => import("./config/index.js"),
  },
  {
    name: "doctor",
    summary: "Check Node, native modules, config, permissions, port, gateway, keys, workspace",
    flags: { fix: { type: "boolean", summary: "repair what is safe to repair" }, ...JSON_FLAG },
    load: () => import("./doctor/index.js"),
  },
  {
    name: "security",
    summary: "Audit what this install exposes: gateway, channels, exec, sandbox, file modes, keys",
    subcommands: [
      {
        name: "audit",
        summary: "every finding with its severity and the key or command that closes it (exit 1 if critical)",
        flags: {
          fix: { type: "boolean", summary: "chmod the state dir (700) and secret files (600); nothing else" },
          ...JSON_FLAG,
        },
      },
    ],
    load: () => import("./security/index.js"),
  },
  {
    name: "import",
    summary: "Bring another assistant's state over (claw import openclaw)",
    subcommands: [
      {
        name: "openclaw",
        summary: "config, credentials, workspaces, sessions, cron jobs and memory from ~/.openclaw",
        flags: {
          from: { type: "string", value: "DIR", summary: "the OpenClaw folder (default ~/.openclaw)" },
          "dry-run": { type: "boolean", summary: "show exactly what would happen; write nothing" },
          force: { type: "boolean", summary: "replace an existing, different claw.json (kept as .bak)" },
          ...JSON_FLAG,
        },
      },
    ],
    load: () => import("./import/index.js"),
  },
  {
    name: "completion",
    args: "bash|zsh|fish",
    summary: "Print a shell completion script",
    load: () => import("./completion/index.js"),
  },
  ...CHANNEL_COMMANDS,
];

export function findCommand(name: string): CommandEntry | undefined {
  return COMMANDS.find((command) => command.name === name);
}

/** The subcommand row, for a command with subcommands. */
export function findSubcommand(command: string, name: string): SubcommandSpec | undefined {
  return findCommand(command)?.subcommands?.find((s) => s.name === name);
}
