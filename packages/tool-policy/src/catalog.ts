/**
 * The core tool catalog: every built-in tool id with its one-line summary, section, owner-only
 * flag and the channel capability it needs. Catalog order is the canonical display order
 * (system prompt tool lines, `claw tools list`).
 */

/** Sections group the catalog for display; most have a matching `group:<section>`. */
export type ToolSection =
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
  | "media";

export interface ToolCatalogEntry {
  /** Lowercase, unique tool id as the model sees it. */
  readonly id: string;
  /** One line for the system prompt and `claw tools list`. */
  readonly summary: string;
  readonly section: ToolSection;
  /** Removed for senders that are not owners (unless `ownerOnly` is overridden). */
  readonly ownerOnly?: boolean;
  /** A channel capability the tool needs; channels that lack it do not get the tool. */
  readonly requires?: string;
}

/** The built-in tools, in canonical order. */
export const CORE_TOOLS: readonly ToolCatalogEntry[] = [
  { id: "read", summary: "Read file contents", section: "fs" },
  { id: "write", summary: "Create or overwrite files", section: "fs" },
  { id: "edit", summary: "Make precise edits to files", section: "fs" },
  { id: "apply_patch", summary: "Apply multi-file patches", section: "fs" },
  { id: "grep", summary: "Search file contents for patterns", section: "search" },
  { id: "find", summary: "Find files by glob pattern", section: "search" },
  { id: "ls", summary: "List directory contents", section: "search" },
  { id: "exec", summary: "Run shell commands (pty available for TTY-required CLIs)", section: "runtime" },
  { id: "process", summary: "Manage background exec sessions", section: "runtime" },
  { id: "web_search", summary: "Search the web (Brave API)", section: "web" },
  { id: "web_fetch", summary: "Fetch a URL and extract readable content", section: "web" },
  { id: "memory_search", summary: "Search memory (MEMORY.md + memory/*.md)", section: "memory" },
  { id: "memory_get", summary: "Read a snippet from a memory file by path and lines", section: "memory" },
  { id: "sessions_list", summary: "List sessions with filters and last messages", section: "sessions" },
  { id: "sessions_history", summary: "Fetch the message history of another session", section: "sessions" },
  { id: "sessions_send", summary: "Send a message into another session", section: "sessions" },
  { id: "sessions_spawn", summary: "Spawn an isolated sub-agent session", section: "sessions" },
  { id: "session_status", summary: "Show this session's status, model and usage", section: "sessions" },
  { id: "subagents", summary: "List, steer or stop sub-agents spawned by this session", section: "sessions" },
  { id: "agents_list", summary: "List agent ids this session may spawn", section: "sessions" },
  { id: "message", summary: "Send messages and channel actions", section: "messaging" },
  { id: "cron", summary: "Manage scheduled jobs and wake-ups", section: "automation", ownerOnly: true },
  {
    id: "gateway",
    summary: "Inspect, configure or restart the gateway",
    section: "automation",
    ownerOnly: true,
  },
  { id: "nodes", summary: "Discover and control paired nodes", section: "nodes", ownerOnly: true },
  { id: "browser", summary: "Control the managed web browser", section: "ui" },
  { id: "canvas", summary: "Present and update the live canvas", section: "ui", requires: "canvas" },
  { id: "image", summary: "Generate or analyze images", section: "media" },
  { id: "tts", summary: "Convert text to speech audio", section: "media", requires: "audio" },
];

const byId = new Map(CORE_TOOLS.map((tool) => [tool.id, tool]));

/** Every core tool id, in catalog order. */
export const CORE_TOOL_IDS: readonly string[] = CORE_TOOLS.map((tool) => tool.id);

/** Tools removed for non-owners by default (from the catalog's `ownerOnly` flags). */
export const OWNER_ONLY_TOOLS: readonly string[] = CORE_TOOLS.filter((t) => t.ownerOnly).map((t) => t.id);

/**
 * Looks up a core tool by id.
 *
 * @example
 * getCoreTool("exec")?.summary; // "Run shell commands (pty available for TTY-required CLIs)"
 */
export function getCoreTool(id: string): ToolCatalogEntry | undefined {
  return byId.get(id);
}

/**
 * Sorts tool ids into catalog order; tools not in the catalog (plugins) follow, sorted by name,
 * so none disappear.
 *
 * @example
 * sortToolsByCatalog(["zeta_plugin", "exec", "read"]); // ["read", "exec", "zeta_plugin"]
 */
export function sortToolsByCatalog(ids: readonly string[]): string[] {
  const rank = (id: string) => catalogRank.get(id) ?? Number.POSITIVE_INFINITY;
  return [...ids].sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0));
}

const catalogRank = new Map(CORE_TOOL_IDS.map((id, index) => [id, index]));
