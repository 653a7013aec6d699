/**
 * Renders the README's generated section from the tables themselves (reason policy, cooldown
 * schedule), so the docs cannot drift from the code. Classification rules live in
 * @claw/providers and are rendered into its README.
 */
import { DEFAULT_COOLDOWNS } from "../src/cooldown.js";
import { REASON_POLICY } from "../src/policy.js";

export const START = "<!-- generated:tables:start (pnpm gen:readme) -->";
export const END = "<!-- generated:tables:end -->";

const cell = (s: string) => s.replaceAll("|", "\\|");

function duration(ms: number): string {
  if (ms % 3_600_000 === 0) return `${ms / 3_600_000} h`;
  if (ms % 60_000 === 0) return `${ms / 60_000} min`;
  return `${ms / 1000} s`;
}

function policy(): string[] {
  const rows = Object.entries(REASON_POLICY).map(([reason, p]) => {
    const action = p.rethrow
      ? "stop at once, return the failure"
      : p.rotateProfile
        ? "next profile, then next model"
        : "next model";
    const cooldown = p.cooldown
      ? `${p.cooldown.lane}, per ${p.cooldown.scope === "model" ? "profile + model" : "profile"}`
      : "none";
    return `| **${reason}** | ${action} | ${cooldown} | ${cell(p.note)} |`;
  });
  return ["| reason | what the loop does | cooldown recorded | why |", "|---|---|---|---|", ...rows];
}

function schedule(): string[] {
  const c = DEFAULT_COOLDOWNS;
  const steps = c.transientStepsMs.map(duration).join(" → ");
  return [
    "| lane | schedule (by consecutive failures) |",
    "|---|---|",
    `| transient (rate_limit, model_not_found, auth) | ${steps} (cap), never shorter than the provider's retry-after |`,
    `| disabled: billing | ${duration(c.disabled.billing.baseMs)} doubling to ${duration(c.disabled.billing.maxMs)} |`,
    `| disabled: auth_permanent | ${duration(c.disabled.auth_permanent.baseMs)} doubling to ${duration(c.disabled.auth_permanent.maxMs)} |`,
    `| failures count as consecutive within | ${duration(c.failureWindowMs)} |`,
    `| probe of a cooling primary | at most one per ${duration(c.probeIntervalMs)} per provider/model |`,
    `| probe of a billing-disabled primary | at most one per ${duration(c.billingProbeIntervalMs)} per provider/model |`,
  ];
}

export function renderTables(): string {
  return [
    START,
    "",
    "### What each reason does",
    "",
    ...policy(),
    "",
    "### Cooldown schedule (defaults; all configurable through `createAuthStore({ cooldowns })`)",
    "",
    ...schedule(),
    "",
    END,
  ].join("\n");
}

/** Replaces the generated section of a README text (or appends it when missing). */
export function withTables(readme: string): string {
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start < 0 || end < 0) return `${readme.trimEnd()}\n\n${renderTables()}\n`;
  return readme.slice(0, start) + renderTables() + readme.slice(end + END.length);
}

/** Table padding is the formatter's business (biome pads cells): compare tables cell by cell. */
export function normalizeTables(text: string): string {
  return text
    .split("\n")
    .map((line) => {
      if (!line.startsWith("|")) return line;
      const cells = line.split(/(?<!\\)\|/).map((c) => c.trim());
      return cells.map((c) => (/^:?-+:?$/.test(c) ? "---" : c)).join("|");
    })
    .join("\n");
}
