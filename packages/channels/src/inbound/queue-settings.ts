/**
 * What happens to a message that arrives while its session is busy. Settings resolve from the
 * session's `/queue` override, then the channel's mode, then the defaults (collect, 1000 ms,
 * cap 20, drop summarize).
 */

export type InboundQueueMode = "steer" | "followup" | "collect" | "steer-backlog" | "interrupt";
export type DropPolicy = "old" | "new" | "summarize";

export interface QueueSettings {
  mode: InboundQueueMode;
  /** Quiet period before a queued follow-up turn starts. */
  debounceMs: number;
  /** Most messages held per session. */
  cap: number;
  /** What to do past the cap. */
  drop: DropPolicy;
}

export const DEFAULT_QUEUE_SETTINGS: QueueSettings = {
  mode: "collect",
  debounceMs: 1000,
  cap: 20,
  drop: "summarize",
};

/** Legacy names accepted wherever a mode is parsed. */
const MODE_ALIASES: Record<string, InboundQueueMode> = {
  steer: "steer",
  queue: "steer",
  followup: "followup",
  collect: "collect",
  "steer-backlog": "steer-backlog",
  "steer+backlog": "steer-backlog",
  interrupt: "interrupt",
};

export function parseQueueMode(value: string): InboundQueueMode | undefined {
  return MODE_ALIASES[value.toLowerCase()];
}

/** `2s`, `1500ms`, `1m`, `500` (ms) → milliseconds. */
export function parseDuration(value: string): number | undefined {
  const match = /^(\d+(?:\.\d+)?)(ms|s|m)?$/i.exec(value.trim());
  if (!match) return undefined;
  const n = Number(match[1]);
  const unit = (match[2] ?? "ms").toLowerCase();
  return Math.round(unit === "m" ? n * 60_000 : unit === "s" ? n * 1000 : n);
}

export type QueueDirective = { reset: true } | { reset?: false; settings: Partial<QueueSettings> };

/**
 * Parses the arguments of `/queue`.
 *
 * @example
 * parseQueueDirective("collect debounce:2s cap:25 drop:summarize");
 * // → { settings: { mode: "collect", debounceMs: 2000, cap: 25, drop: "summarize" } }
 */
export function parseQueueDirective(args: string): QueueDirective | { error: string } {
  const words = args.trim().split(/\s+/).filter(Boolean);
  if (words.length === 1 && /^(default|reset)$/i.test(words[0] as string)) return { reset: true };
  const settings: Partial<QueueSettings> = {};
  for (const word of words) {
    const [key, value] = word.includes(":")
      ? [word.slice(0, word.indexOf(":")), word.slice(word.indexOf(":") + 1)]
      : [undefined, word];
    if (key === undefined) {
      const mode = parseQueueMode(word);
      if (!mode)
        return {
          error: `unknown queue mode "${word}" (use steer, followup, collect, steer-backlog or interrupt)`,
        };
      settings.mode = mode;
    } else if (key === "debounce") {
      const ms = parseDuration(value);
      if (ms === undefined) return { error: `debounce "${value}" is not a duration (e.g. debounce:2s)` };
      settings.debounceMs = ms;
    } else if (key === "cap") {
      const cap = Number(value);
      if (!Number.isInteger(cap) || cap < 1) return { error: `cap "${value}" must be a whole number ≥ 1` };
      settings.cap = cap;
    } else if (key === "drop") {
      if (value !== "old" && value !== "new" && value !== "summarize")
        return { error: `drop "${value}" must be old, new or summarize` };
      settings.drop = value;
    } else return { error: `unknown /queue option "${key}" (use debounce:, cap:, drop:)` };
  }
  return { settings };
}

/** The settings in force: session override > channel mode > defaults. */
export function resolveQueueSettings(
  defaults: QueueSettings,
  byChannel: Record<string, InboundQueueMode> | undefined,
  channel: string | undefined,
  sessionOverride: Partial<QueueSettings> | undefined,
): QueueSettings {
  const channelMode = channel ? byChannel?.[channel] : undefined;
  return { ...defaults, ...(channelMode ? { mode: channelMode } : {}), ...definedOnly(sessionOverride) };
}

/** Reads a `/queue` override stored in a session entry's flags. */
export function queueOverrideOf(
  flags: Record<string, unknown> | undefined,
): Partial<QueueSettings> | undefined {
  const value = flags?.queue;
  return value && typeof value === "object" ? (value as Partial<QueueSettings>) : undefined;
}

function definedOnly<T extends object>(value: T | undefined): Partial<T> {
  if (!value) return {};
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/**
 * The `/queue` vocabulary for agent-core's chat commands (`CommandOptions.queue`): they store the
 * override in the session and show it in `/status`; the dispatcher here is what obeys it.
 *
 * @example
 * handleCommand(runtime, key, "/queue collect cap:5", { queue: queueCommandSupport() });
 */
export interface QueueCommandSupport {
  parse(args: string): QueueDirective | { error: string };
  /** The settings in force for a stored override: `collect (debounce 1000 ms, cap 20, drop summarize)`. */
  describe(override: Record<string, unknown> | undefined): string;
}

export function queueCommandSupport(defaults: QueueSettings = DEFAULT_QUEUE_SETTINGS): QueueCommandSupport {
  return {
    parse: parseQueueDirective,
    describe(override) {
      const settings = resolveQueueSettings(
        defaults,
        undefined,
        undefined,
        queueOverrideOf({ queue: override }),
      );
      return `${settings.mode} (debounce ${settings.debounceMs} ms, cap ${settings.cap}, drop ${settings.drop})`;
    },
  };
}
