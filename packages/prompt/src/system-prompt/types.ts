import type { ThinkingLevel } from "@claw/providers";

/** `full` for the main agent, `minimal` for subagents, `none` for the identity line only. */
export type PromptMode = "full" | "minimal" | "none";

/** One available tool, as tool policy lists it (catalog order is kept). */
export interface PromptTool {
  name: string;
  summary?: string;
}

/** One skill as it appears in `<available_skills>`. */
export interface PromptSkill {
  name: string;
  description: string;
  /** Path of the SKILL.md the model should read. */
  location: string;
  emoji?: string;
}

/** A workspace file injected under "Project Context". */
export interface ContextFile {
  /** Shown as the heading, e.g. `SOUL.md`. */
  path: string;
  content: string;
}

export interface RuntimeInfo {
  agentId?: string;
  host?: string;
  repoRoot?: string;
  os?: string;
  arch?: string;
  node?: string;
  model?: string;
}

export interface ChannelInfo {
  /** Channel id, e.g. `telegram`. */
  id: string;
  /** Capability flags, e.g. `["inlineButtons", "reactions"]`. */
  capabilities?: readonly string[];
}

export interface SandboxInfo {
  enabled: boolean;
  /** Workspace path as seen inside the sandbox. */
  workspaceDir?: string;
  /** Whether elevated (host) exec can be requested. */
  elevatedExec?: boolean;
}

/** Everything `buildSystemPrompt` needs; it reads nothing else (no clock, no env, no files). */
export interface SystemPromptParams {
  /** Explicit mode; otherwise derived from `sessionKey` (subagent keys → `minimal`), else `full`. */
  mode?: PromptMode;
  sessionKey?: string;
  /** Replaces the default identity line. */
  identityLine?: string;
  /** Available tools in catalog order. */
  tools?: readonly PromptTool[];
  /** Eligible skills; sorted by name in the prompt. */
  skills?: readonly PromptSkill[];
  /** Name of the file-reading tool the skills section refers to (default `read`). */
  readToolName?: string;
  /** Memory citations (default `on`); the section only appears with memory_search or memory_get. */
  memoryCitations?: "on" | "off";
  /** Who the agent works for. */
  user?: { name?: string; owners?: readonly string[] };
  /** The current instant; with `timeZone` it renders the date (day precision keeps the prefix cacheable). */
  now?: Date;
  /** IANA time zone, e.g. `Europe/Berlin`. */
  timeZone?: string;
  workspaceDir: string;
  docsPath?: string;
  sandbox?: SandboxInfo;
  /** Whether the provider/channel understands `[[reply_to_current]]` reply tags. */
  replyTags?: boolean;
  /** Custom heartbeat instruction; the `HEARTBEAT_OK` rule is always stated. */
  heartbeatPrompt?: string;
  channel?: ChannelInfo;
  runtime?: RuntimeInfo;
  thinking?: ThinkingLevel;
  /** Bootstrap files, in order; empty contents are skipped. */
  contextFiles?: readonly ContextFile[];
}

/** Stable ids of the prompt's sections, in prompt order. */
export type SectionId =
  | "identity"
  | "tooling"
  | "tool-call-style"
  | "safety"
  | "skills"
  | "memory"
  | "user"
  | "time"
  | "workspace"
  | "docs"
  | "sandbox"
  | "replies"
  | "heartbeat"
  | "messaging"
  | "runtime"
  | "project-context";

export interface PromptSection {
  id: SectionId;
  text: string;
}
