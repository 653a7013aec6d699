/**
 * The tool catalog: every tool this build can offer, with its one-line summary, group, risk,
 * owner-only flag and the channel capability it needs. A tool is listed here only when a package
 * of this build implements it (the gateway's catalog test checks both directions); a tool
 * package registers its tool by adding one row. Plugins register theirs per call through
 * `ToolPolicyOptions.extraTools`. Catalog order is the canonical display order.
 */

/** Groups for display and policy: each is usable as `group:<group>` in allow/deny lists. */
export type ToolGroupName =
  | "fs"
  | "search"
  | "runtime"
  | "web"
  | "memory"
  | "sessions"
  | "messaging"
  | "automation"
  | "nodes"
  | "ui"
  | "media"
  | (string & {});

/** How much harm a misused call can do: reads (low), writes or outbound effects (medium), code execution (high). */
export type ToolRisk = "low" | "medium" | "high";

export interface ToolCatalogEntry {
  /** Lowercase, unique tool id as the model sees it. */
  readonly id: string;
  /** One line for the system prompt and `claw tools list`. */
  readonly summary: string;
  /** The tool is a member of `group:<group>`. */
  readonly group: ToolGroupName;
  readonly risk: ToolRisk;
  /** Removed for senders that are not owners (unless `ownerOnly` is overridden). */
  readonly ownerOnly?: boolean;
  /** A channel capability the tool needs; channels that lack it do not get the tool. */
  readonly requires?: string;
}

/** The tools this build implements, in canonical order (one row per tool, added by its package). */
export const CORE_TOOLS: readonly ToolCatalogEntry[] = [
  // @claw/tools
  { id: "read", summary: "Read file contents", group: "fs", risk: "low" },
  { id: "write", summary: "Create or overwrite files", group: "fs", risk: "medium" },
  { id: "edit", summary: "Make precise edits to files", group: "fs", risk: "medium" },
  { id: "apply_patch", summary: "Apply multi-file patches", group: "fs", risk: "medium" },
  { id: "grep", summary: "Search file contents for patterns", group: "search", risk: "low" },
  { id: "find", summary: "Find files by glob pattern", group: "search", risk: "low" },
  { id: "ls", summary: "List directory contents", group: "search", risk: "low" },
  {
    id: "exec",
    summary: "Run shell commands (pty available for TTY-required CLIs)",
    group: "runtime",
    risk: "high",
  },
  { id: "process", summary: "Manage background exec sessions", group: "runtime", risk: "high" },
  { id: "web_search", summary: "Search the web (Brave API)", group: "web", risk: "low" },
  { id: "web_fetch", summary: "Fetch a URL and extract readable content", group: "web", risk: "low" },
  // @claw/memory
  { id: "memory_search", summary: "Search memory (MEMORY.md + memory/*.md)", group: "memory", risk: "low" },
  {
    id: "memory_get",
    summary: "Read a snippet from a memory file by path and lines",
    group: "memory",
    risk: "low",
  },
  // @claw/agent-core
  {
    id: "sessions_list",
    summary: "List sessions with filters and last messages",
    group: "sessions",
    risk: "low",
  },
  {
    id: "sessions_history",
    summary: "Fetch the message history of another session",
    group: "sessions",
    risk: "low",
  },
  { id: "sessions_send", summary: "Send a message into another session", group: "sessions", risk: "medium" },
  { id: "sessions_spawn", summary: "Spawn an isolated sub-agent session", group: "sessions", risk: "medium" },
  {
    id: "session_status",
    summary: "Show this session's status, model and usage",
    group: "sessions",
    risk: "low",
  },
  // @claw/tools (messaging)
  { id: "message", summary: "Send messages and channel actions", group: "messaging", risk: "medium" },
  // @claw/cron
  {
    id: "cron",
    summary: "Manage scheduled jobs and wake-ups",
    group: "automation",
    risk: "medium",
    ownerOnly: true,
  },
  // @claw/browser
  { id: "browser", summary: "Control the managed web browser", group: "ui", risk: "high" },
  // @claw/tools (media)
  {
    id: "image",
    summary: "Analyze an image (workspace or URL) with a vision model",
    group: "media",
    risk: "low",
  },
];
