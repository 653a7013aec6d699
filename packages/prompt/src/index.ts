/**
 * @claw/prompt — the system prompt builder, workspace bootstrap files and SKILL.md skills.
 * Pure builders (`buildSystemPrompt`, `formatSkillsForPrompt`, `selectSkills`) and thin I/O
 * loaders (`loadBootstrapFiles`, `loadSkills`, `seedWorkspace`, `createSkillIndex`).
 */

// Commonly used: build the system prompt and its types.
export { buildSystemPrompt, buildSystemPromptSections } from "./system-prompt/build.js";
export type {
  ChannelInfo,
  ContextFile,
  PromptMode,
  PromptSection,
  PromptSkill,
  PromptTool,
  RuntimeInfo,
  SandboxInfo,
  SectionId,
  SystemPromptParams,
} from "./system-prompt/types.js";
export type { PromptReport, ReportExtras, Size } from "./report.js";
export { buildSystemPromptWithReport } from "./report.js";
export { isSubagentSessionKey, resolvePromptMode } from "./system-prompt/mode.js";

// Workspace bootstrap files.
export type {
  BootstrapFile,
  BootstrapLoadResult,
  BootstrapStatus,
  LoadBootstrapOptions,
} from "./bootstrap/load.js";
export { loadBootstrapFiles } from "./bootstrap/load.js";
export type { SeedResult } from "./bootstrap/seed.js";
export { seedWorkspace } from "./bootstrap/seed.js";
export {
  BOOTSTRAP_FILES,
  BOOTSTRAP_LIMITS,
  type BootstrapContextMode,
  type BootstrapRunKind,
  bootstrapFilesForRun,
  isSecretFileName,
} from "./bootstrap/files.js";
export { WORKSPACE_TEMPLATES } from "./bootstrap/templates.js";

// Skills: load, select and format SKILL.md skills.
export type { LoadSkillsOptions } from "./skills/load.js";
export { loadSkills, resolveSkillDirs, SKILL_LOAD_LIMITS } from "./skills/load.js";
export type {
  Eligibility,
  EligibilityContext,
  IneligibleCode,
  SkillExclusion,
  SkillSelection,
} from "./skills/eligibility.js";
export { checkSkillEligibility, selectSkills } from "./skills/eligibility.js";
export type { SkillsBlock } from "./skills/format.js";
export { formatSkillsForPrompt, SKILLS_PROMPT_LIMITS } from "./skills/format.js";
export type { SkillIndex, SkillIndexOptions, SkillSnapshot } from "./skills/skill-index.js";
export { createSkillIndex } from "./skills/skill-index.js";
export type {
  Skill,
  SkillDiagnostic,
  SkillDir,
  SkillInstallHint,
  SkillLoadResult,
  SkillOverride,
  SkillRequirements,
  SkillSource,
} from "./skills/types.js";
export { SKILL_SOURCE_PRECEDENCE } from "./skills/types.js";

// Advanced: prompt pieces, parsers and text helpers.
export { DEFAULT_IDENTITY_LINE } from "./system-prompt/core.js";
export { SAFETY_SECTION } from "./system-prompt/guidance.js";
export { SOUL_PERSONA_LINE } from "./system-prompt/project-context.js";
export { CAPABILITY_HINTS, HEARTBEAT_OK_TOKEN, SILENT_REPLY_TOKEN } from "./system-prompt/replies.js";
export { buildRuntimeLine } from "./system-prompt/runtime.js";
export type { FrontmatterResult } from "./skills/frontmatter.js";
export { parseFrontmatter } from "./skills/frontmatter.js";
export { createBinaryLookup } from "./skills/binary-lookup.js";
export { truncateHeadTail } from "./bootstrap/truncate.js";
export { formatContextDetail, formatContextList } from "./context-format.js";
export { estimateTokens } from "./text.js";
