import type { PromptReport, Size } from "./report.js";

const n = (value: number) => value.toLocaleString("en-US");
const sized = (s: Size) => `${n(s.chars)} chars (~${n(s.tokens)} tok)`;

/**
 * Renders a report as the `/context list` text.
 *
 * @example
 * console.log(formatContextList(report));
 */
export function formatContextList(report: PromptReport): string {
  const project = report.sections.find((s) => s.id === "project-context");
  const lines = ["🧠 Context breakdown", `Workspace: ${report.workspaceDir}`];
  if (report.bootstrap.maxCharsPerFile !== undefined)
    lines.push(`Bootstrap max/file: ${n(report.bootstrap.maxCharsPerFile)} chars`);
  lines.push(
    `System prompt (${report.mode}): ${sized(report.systemPrompt)}${project ? ` (Project Context ${sized(project)})` : ""}`,
    "",
    "Injected workspace files:",
  );
  for (const f of report.bootstrap.files) {
    const status = f.status.toUpperCase();
    lines.push(
      f.status === "missing" || f.status === "rejected"
        ? `- ${f.name}: ${status} | raw 0 | injected 0`
        : `- ${f.name}: ${status} | raw ${sized(f.raw)} | injected ${sized(f.injected)}`,
    );
  }
  lines.push(
    "",
    `Skills list (system prompt text): ${sized(report.skills)} (${report.skills.count} skills)`,
    `Tools: ${report.tools.names.join(", ") || "(none)"}`,
    `Tool list (system prompt text): ${sized(report.tools.list)}`,
    `Tool schemas (JSON): ${sized(report.tools.schemas)} (counts toward context; not shown as text)`,
  );
  return lines.join("\n");
}

function top(title: string, entries: ({ name: string } & Size)[], noun: string, limit: number): string[] {
  const sorted = [...entries].sort((a, b) => b.chars - a.chars || (a.name < b.name ? -1 : 1));
  const lines = [title, ...sorted.slice(0, limit).map((e) => `- ${e.name}: ${sized(e)}`)];
  if (sorted.length > limit) lines.push(`… (+${sorted.length - limit} more ${noun})`);
  return lines;
}

/**
 * Renders a report as the `/context detail` text: the list plus the largest skills, tools and sections.
 *
 * @example
 * console.log(formatContextDetail(report, { limit: 5 }));
 */
export function formatContextDetail(report: PromptReport, options: { limit?: number } = {}): string {
  const limit = options.limit ?? 10;
  return [
    formatContextList(report),
    "",
    ...top("Top skills (prompt entry size):", report.skills.entries, "skills", limit),
    "",
    ...top("Top tools (schema size):", report.tools.schemas.entries, "tools", limit),
    "",
    ...top(
      "Prompt sections:",
      report.sections.map((s) => ({ ...s, name: s.id })),
      "sections",
      100,
    ),
  ].join("\n");
}
