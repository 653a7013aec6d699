/**
 * Which config changes the running gateway applies live and which need a restart: a table, first
 * match wins, anything unlisted needs a restart (never claim a change took effect when it did not).
 */
export type ReloadEffect = "live" | "restart";

export interface ReloadRule {
  pattern: RegExp;
  effect: ReloadEffect;
  /** Why, in words a user can act on. */
  note: string;
}

const AGENT = String.raw`agents\.(?:defaults|list\[\d+\])`;

export const RELOAD_RULES: readonly ReloadRule[] = [
  {
    pattern: /^gateway(\.|$)/,
    effect: "restart",
    note: "port, bind, auth and origins are fixed when the server starts",
  },
  { pattern: /^agents\.list$/, effect: "restart", note: "adding or removing agents" },
  {
    pattern: new RegExp(
      `^${AGENT}\\.(id|workspace|skipBootstrap|memorySearch|compaction|contextPruning|subagents|maxConcurrent)(\\.|$)`,
    ),
    effect: "restart",
    note: "workspaces, memory indexes, compaction, lanes and subagent limits are opened at start",
  },
  {
    pattern: /^tools\.(exec\.(timeoutSec|backgroundMs|env)|web\.(fetch\.maxChars|allowPrivate))(\.|$)/,
    effect: "restart",
    note: "the coding tools are created with these limits, environment and allowed hosts",
  },
  {
    pattern: new RegExp(
      `^${AGENT}\\.(model|models|tools|thinkingDefault|timeoutSeconds|skills|identity|userTimezone|bootstrapMaxChars|default|name|sandbox)(\\.|$)`,
    ),
    effect: "live",
    note: "read per run: models, fallbacks, tool policy, sandbox, prompt and skills",
  },
  { pattern: /^tools(\.|$)/, effect: "live", note: "tool policy is applied per run" },
  { pattern: /^models(\.|$)/, effect: "live", note: "providers, custom models and keys are re-read" },
  { pattern: /^auth(\.|$)/, effect: "live", note: "credentials and profile order are re-read" },
  { pattern: /^logging(\.|$)/, effect: "live", note: "no running part depends on it" },
  {
    pattern: new RegExp(`^${AGENT}\\.heartbeat(\\.|$)`),
    effect: "live",
    note: "the heartbeat re-reads its interval, hours, target and prompt",
  },
  { pattern: /^\$schema$/, effect: "live", note: "an editor hint" },
];

/** Splits changed paths into those applied live and those that need a restart. */
export function classifyChanges(paths: readonly string[]): { live: string[]; restart: string[] } {
  const live: string[] = [];
  const restart: string[] = [];
  for (const path of paths) {
    const rule = RELOAD_RULES.find((r) => r.pattern.test(path));
    (rule?.effect === "live" ? live : restart).push(path);
  }
  return { live, restart };
}
