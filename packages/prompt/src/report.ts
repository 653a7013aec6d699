import type { BootstrapFile } from "./bootstrap/load.js";
import { formatSkillsCached } from "./skills/format.js";
import { buildSystemPromptSections, SECTION_SEPARATOR } from "./system-prompt/build.js";
import { resolvePromptMode } from "./system-prompt/mode.js";
import type { PromptMode, SectionId, SystemPromptParams } from "./system-prompt/types.js";
import { estimateTokens } from "./text.js";

export interface Size {
  chars: number;
  tokens: number;
}

const size = (chars: number): Size => ({ chars, tokens: estimateTokens(chars) });

export interface PromptReport {
  mode: PromptMode;
  workspaceDir: string;
  systemPrompt: Size;
  sections: ({ id: SectionId } & Size)[];
  bootstrap: {
    maxCharsPerFile?: number;
    files: {
      name: string;
      status: BootstrapFile["status"] | "ok";
      raw: Size;
      injected: Size;
      reason?: string;
    }[];
  };
  skills: Size & { count: number; entries: ({ name: string } & Size)[]; omitted: string[] };
  tools: {
    names: string[];
    /** The tool list text inside the prompt. */
    list: Size;
    /** JSON schemas sent beside the prompt: invisible as text, but they fill the context too. */
    schemas: Size & { entries: ({ name: string } & Size)[] };
  };
}

export interface ReportExtras {
  /** Tool parameter schemas as sent to the provider. */
  toolSchemas?: readonly { name: string; parameters: unknown }[];
  maxCharsPerFile?: number;
}

/**
 * Builds the prompt and the data behind `/context list` and `/context detail`: characters and
 * estimated tokens per section, bootstrap file, skill entry and tool schema.
 *
 * @example
 * const { prompt, report } = buildSystemPromptWithReport(params, { toolSchemas });
 * report.bootstrap.files.filter((f) => f.status === "truncated");
 */
export function buildSystemPromptWithReport(
  params: SystemPromptParams,
  extras: ReportExtras = {},
): { prompt: string; report: PromptReport } {
  const sections = buildSystemPromptSections(params);
  const prompt = sections.map((s) => s.text).join(SECTION_SEPARATOR);
  const skillsBlock = formatSkillsCached(params.skills ?? []);
  const listed = sections.some((s) => s.id === "skills");
  const toolSection = sections.find((s) => s.id === "tooling");
  const schemaEntries = (extras.toolSchemas ?? []).map((t) => ({
    name: t.name,
    ...size(JSON.stringify(t.parameters ?? {}).length),
  }));
  const injected = sections.some((s) => s.id === "project-context");
  const report: PromptReport = {
    mode: resolvePromptMode(params),
    workspaceDir: params.workspaceDir,
    systemPrompt: size(prompt.length),
    sections: sections.map((s) => ({ id: s.id, ...size(s.text.length) })),
    bootstrap: {
      ...(extras.maxCharsPerFile !== undefined ? { maxCharsPerFile: extras.maxCharsPerFile } : {}),
      files: (params.contextFiles ?? []).map((f) => {
        const file = f as Partial<BootstrapFile> & { path: string; content: string };
        return {
          name: f.path,
          status: file.status ?? "ok",
          raw: size(file.rawChars ?? f.content.length),
          injected: size(injected ? (file.status === "empty" ? 0 : f.content.length) : 0),
          ...(file.reason ? { reason: file.reason } : {}),
        };
      }),
    },
    skills: {
      ...size(listed ? skillsBlock.text.length : 0),
      count: listed ? skillsBlock.entries.length : 0,
      entries: listed ? skillsBlock.entries.map((e) => ({ name: e.name, ...size(e.chars) })) : [],
      omitted: listed ? skillsBlock.omitted : [],
    },
    tools: {
      names: (params.tools ?? []).map((t) => t.name),
      list: size(toolSection?.text.length ?? 0),
      schemas: { ...size(schemaEntries.reduce((n, e) => n + e.chars, 0)), entries: schemaEntries },
    },
  };
  return { prompt, report };
}
