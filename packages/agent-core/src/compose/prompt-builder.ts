/** The runtime's system prompt on @claw/prompt: bootstrap files, skills and the fixed sections. */
import { hostname } from "node:os";
import { formatModelRef } from "@claw/ids";
import {
  bootstrapFilesForRun,
  buildSystemPrompt,
  loadBootstrapFiles,
  type SkillIndex,
  type SkillSelection,
} from "@claw/prompt";
import { getCoreTool } from "@claw/tool-policy";
import type { PromptContext } from "../runtime/options.js";

export interface PromptBuilderOptions {
  workspaceDir: string;
  /** A warm skill index (createSkillIndex); skills are left out without one. */
  skills?: { index: SkillIndex; selection: SkillSelection };
  identityLine?: string;
  user?: { name?: string; owners?: readonly string[] };
  timeZone?: string;
  docsPath?: string;
  /** MEMORY.md goes into the prompt only for private sessions (default: not for group keys). */
  includeMemory?: (sessionKey: string) => boolean;
  bootstrap?: { maxCharsPerFile?: number; maxTotalChars?: number };
  now?: () => Date;
}

/**
 * @example
 * const agent = { id: "main", model, tools, systemPrompt: createPromptBuilder({ workspaceDir }) };
 */
export function createPromptBuilder(
  options: PromptBuilderOptions,
): (context: PromptContext) => Promise<string> {
  const now = options.now ?? (() => new Date());
  return async (context) => {
    const includeMemory = options.includeMemory
      ? options.includeMemory(context.sessionKey)
      : !/:group:|:channel:/.test(context.sessionKey);
    const only = bootstrapFilesForRun(context.bootstrapContextMode, context.bootstrapContextRunKind);
    const bootstrap = await loadBootstrapFiles(options.workspaceDir, {
      ...options.bootstrap,
      includeMemory,
      ...(only ? { only } : {}),
    });
    if (options.skills) await options.skills.index.ready();
    return buildSystemPrompt({
      sessionKey: context.sessionKey,
      identityLine: options.identityLine,
      tools: context.tools.map((t) => ({
        name: t.name,
        summary: getCoreTool(t.name)?.summary ?? firstLine(t.description),
      })),
      skills: options.skills ? options.skills.index.promptSkills(options.skills.selection).prompt : [],
      user: options.user,
      now: now(),
      timeZone: options.timeZone,
      workspaceDir: options.workspaceDir,
      docsPath: options.docsPath,
      thinking: context.thinking,
      runtime: {
        agentId: context.agentId,
        host: hostname(),
        os: process.platform,
        arch: process.arch,
        node: process.version,
        model: formatModelRef(context.model.provider, context.model.id),
      },
      contextFiles: bootstrap.files,
    });
  };
}

function firstLine(text: string): string {
  return text.split("\n")[0] ?? text;
}
