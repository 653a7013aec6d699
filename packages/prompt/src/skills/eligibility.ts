import type { PromptSkill } from "../system-prompt/types.js";
import type { Skill } from "./types.js";

export interface EligibilityContext {
  /** `process.platform` of the host that runs the tools. */
  platform: string;
  env: Readonly<Record<string, string | undefined>>;
  /** Whether a binary is on PATH (see `createBinaryLookup`). */
  hasBinary: (name: string) => boolean;
  /** Config object for `requires.config` dotted paths. */
  config?: unknown;
  /** Per-skill settings: `enabled: false` turns a skill off; `env` supplies required variables. */
  skillConfig?: Readonly<Record<string, { enabled?: boolean; env?: Readonly<Record<string, string>> }>>;
  /** If non-empty, only these bundled skills are allowed. */
  allowBundled?: readonly string[];
}

export type IneligibleCode =
  | "disabled"
  | "bundled-not-allowed"
  | "os"
  | "bins"
  | "any-bins"
  | "env"
  | "config";
export type Eligibility = { eligible: true } | { eligible: false; code: IneligibleCode; reason: string };

function configTruthy(config: unknown, path: string): boolean {
  let node: unknown = config;
  for (const key of path.split(".")) {
    if (typeof node !== "object" || node === null || !Object.hasOwn(node, key)) return false;
    node = (node as Record<string, unknown>)[key];
  }
  return Boolean(node);
}

/**
 * Checks a skill against the host, first failure wins: disabled, bundled allow-list, OS, then
 * (unless `always`) binaries, any-of binaries, env vars, config flags. The reason is for `claw skills check`.
 *
 * @example
 * checkSkillEligibility(skill, { platform: "linux", env: {}, hasBinary: () => false });
 * // { eligible: false, code: "bins", reason: "missing binary on PATH: gh" }
 */
export function checkSkillEligibility(skill: Skill, ctx: EligibilityContext): Eligibility {
  const own = ctx.skillConfig?.[skill.name];
  if (own?.enabled === false) return { eligible: false, code: "disabled", reason: "disabled in config" };
  if (
    skill.source === "bundled" &&
    (ctx.allowBundled?.length ?? 0) > 0 &&
    !ctx.allowBundled?.includes(skill.name)
  )
    return { eligible: false, code: "bundled-not-allowed", reason: "not in the bundled-skills allow-list" };
  if (skill.os.length > 0 && !skill.os.includes(ctx.platform))
    return {
      eligible: false,
      code: "os",
      reason: `needs OS ${skill.os.join(" or ")} (this host is ${ctx.platform})`,
    };
  if (skill.always) return { eligible: true };
  const missingBins = skill.requires.bins.filter((bin) => !ctx.hasBinary(bin));
  if (missingBins.length > 0)
    return { eligible: false, code: "bins", reason: `missing binary on PATH: ${missingBins.join(", ")}` };
  const anyBins = skill.requires.anyBins;
  if (anyBins.length > 0 && !anyBins.some((bin) => ctx.hasBinary(bin)))
    return {
      eligible: false,
      code: "any-bins",
      reason: `needs one of these binaries on PATH: ${anyBins.join(", ")}`,
    };
  const missingEnv = skill.requires.env.filter((name) => !ctx.env[name] && !own?.env?.[name]);
  if (missingEnv.length > 0)
    return { eligible: false, code: "env", reason: `missing environment variable: ${missingEnv.join(", ")}` };
  const missingConfig = skill.requires.config.filter((path) => !configTruthy(ctx.config, path));
  if (missingConfig.length > 0)
    return { eligible: false, code: "config", reason: `config not enabled: ${missingConfig.join(", ")}` };
  return { eligible: true };
}

export interface SkillSelection {
  eligibility: EligibilityContext;
  /** The agent's skill allow-list; absent = every eligible skill. */
  allow?: readonly string[];
}

export interface SkillExclusion {
  name: string;
  code: IneligibleCode | "not-allowed" | "model-invocation-disabled";
  reason: string;
}

/**
 * Picks the skills the model sees: allowed for the agent, eligible on this host, and not
 * `disable-model-invocation`. Everything left out comes back with a reason.
 *
 * @example
 * const { prompt, excluded } = selectSkills(skills, { eligibility: ctx, allow: ["git"] });
 */
export function selectSkills(
  skills: readonly Skill[],
  selection: SkillSelection,
): { prompt: PromptSkill[]; excluded: SkillExclusion[] } {
  const allow = selection.allow ? new Set(selection.allow) : undefined;
  const prompt: PromptSkill[] = [];
  const excluded: SkillExclusion[] = [];
  for (const skill of skills) {
    if (allow && !allow.has(skill.name)) {
      excluded.push({ name: skill.name, code: "not-allowed", reason: "not in this agent's skills list" });
      continue;
    }
    const verdict = checkSkillEligibility(skill, selection.eligibility);
    if (!verdict.eligible) {
      excluded.push({ name: skill.name, code: verdict.code, reason: verdict.reason });
      continue;
    }
    if (skill.disableModelInvocation) {
      excluded.push({ name: skill.name, code: "model-invocation-disabled", reason: "user-invocable only" });
      continue;
    }
    const entry: PromptSkill = { name: skill.name, description: skill.description, location: skill.location };
    if (skill.emoji) entry.emoji = skill.emoji;
    prompt.push(entry);
  }
  return { prompt, excluded };
}
