/** The workspace files injected as project context, in injection order. */
export const BOOTSTRAP_FILES: ReadonlyArray<{ name: string; optional: boolean; purpose: string }> = [
  { name: "AGENTS.md", optional: false, purpose: "operating instructions and how to use memory" },
  { name: "SOUL.md", optional: false, purpose: "persona, tone and boundaries" },
  { name: "TOOLS.md", optional: false, purpose: "notes about local tools and conventions" },
  { name: "IDENTITY.md", optional: false, purpose: "the agent's name, vibe and emoji" },
  { name: "USER.md", optional: false, purpose: "who the user is and how to address them" },
  { name: "HEARTBEAT.md", optional: false, purpose: "a short checklist for heartbeat runs" },
  // Only a brand-new workspace has it; it is deleted after the first-run ritual.
  { name: "BOOTSTRAP.md", optional: true, purpose: "the one-time first-run ritual" },
  // Private long-term memory: callers leave it out of shared and group sessions.
  { name: "MEMORY.md", optional: true, purpose: "curated long-term memory" },
];

/** How much workspace context a run loads: all bootstrap files, or a light set (OpenClaw's `lightContext`). */
export type BootstrapContextMode = "full" | "lightweight";
/** What kind of run asks: a lightweight heartbeat keeps its checklist, a lightweight cron run keeps nothing. */
export type BootstrapRunKind = "default" | "heartbeat" | "cron";

/**
 * The bootstrap file names a run loads, or undefined for all of them.
 *
 * @example
 * bootstrapFilesForRun("lightweight", "heartbeat"); // ["HEARTBEAT.md"]
 * bootstrapFilesForRun("lightweight", "cron"); // []
 */
export function bootstrapFilesForRun(
  mode: BootstrapContextMode | undefined,
  runKind: BootstrapRunKind | undefined,
): readonly string[] | undefined {
  if (mode !== "lightweight") return undefined;
  return runKind === "heartbeat" ? ["HEARTBEAT.md"] : [];
}

/** Budgets for injected bootstrap text, in characters. */
export const BOOTSTRAP_LIMITS = { maxCharsPerFile: 20_000, maxTotalChars: 150_000 } as const;

/** Secrets files are never injected, whatever the caller asks for. */
export function isSecretFileName(name: string): boolean {
  return /^\.env(\..*)?$/i.test(name) || /\.(key|pem)$/i.test(name);
}
