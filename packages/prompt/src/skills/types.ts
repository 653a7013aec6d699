/** Where a skill folder came from; later sources win on a name clash. */
export type SkillSource = "extra" | "bundled" | "managed" | "workspace";

/** Increasing precedence: a skill in a later source replaces a same-named one from an earlier source. */
export const SKILL_SOURCE_PRECEDENCE: readonly SkillSource[] = ["extra", "bundled", "managed", "workspace"];

export interface SkillDir {
  path: string;
  source: SkillSource;
}

export interface SkillRequirements {
  /** Every one must be on PATH. */
  bins: string[];
  /** At least one must be on PATH. */
  anyBins: string[];
  /** Every one must be set (in the env or the skill's config). */
  env: string[];
  /** Dotted config paths that must be truthy. */
  config: string[];
}

/** How to install what a skill needs, shown by `claw skills check`. */
export interface SkillInstallHint {
  kind: string;
  id?: string;
  label?: string;
  formula?: string;
  package?: string;
  bins?: string[];
}

export interface Skill {
  name: string;
  description: string;
  /** Absolute path of the SKILL.md. */
  location: string;
  /** The skill's folder. */
  baseDir: string;
  source: SkillSource;
  emoji?: string;
  /** Allowed platforms (`process.platform` values); empty = all. */
  os: string[];
  /** Skip requirement checks. */
  always: boolean;
  /** The env var holding the skill's main credential, if any. */
  primaryEnv?: string;
  requires: SkillRequirements;
  install: SkillInstallHint[];
  /** Loaded and usable by slash command, but never listed to the model. */
  disableModelInvocation: boolean;
  /** Size of SKILL.md in characters. */
  chars: number;
}

/** A problem found while loading; the skill it concerns is skipped, nothing throws. */
export interface SkillDiagnostic {
  path: string;
  /** 1-based line in the file, when known. */
  line?: number;
  message: string;
}

export interface SkillOverride {
  name: string;
  kept: string;
  dropped: string;
}

export interface SkillLoadResult {
  /** Winning skills, sorted by name. */
  skills: Skill[];
  diagnostics: SkillDiagnostic[];
  overridden: SkillOverride[];
}
