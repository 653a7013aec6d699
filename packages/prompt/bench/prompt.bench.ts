/**
 * Prompt benchmarks. Baseline: joining the same prebuilt section strings (the floor for any
 * builder). Case: `buildSystemPrompt` with 8 bootstrap files and 100 skills from a warm
 * SkillIndex. Plus a one-off cold load of 500 skill folders.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { report, suite } from "@claw/bench-harness";
import {
  BOOTSTRAP_FILES,
  buildSystemPrompt,
  buildSystemPromptSections,
  createSkillIndex,
  loadBootstrapFiles,
  loadSkills,
  type SystemPromptParams,
} from "../src/index.js";

const root = mkdtempSync(join(tmpdir(), "claw-prompt-bench-"));

function writeSkills(dir: string, count: number): void {
  for (let i = 0; i < count; i++) {
    const folder = join(dir, `skill-${String(i).padStart(3, "0")}`);
    mkdirSync(folder, { recursive: true });
    writeFileSync(
      join(folder, "SKILL.md"),
      `---\nname: skill-${i}\ndescription: Does task number ${i} for the user when they ask about topic ${i}.\nmetadata: { "claw": { "emoji": "🔧", "requires": { "bins": ["sh"] } } }\n---\n# Skill ${i}\n\n${"Step. ".repeat(200)}\n`,
    );
  }
}

try {
  const workspace = join(root, "workspace");
  mkdirSync(workspace);
  for (const file of BOOTSTRAP_FILES)
    writeFileSync(join(workspace, file.name), `# ${file.name}\n\n${"A line of guidance.\n".repeat(150)}`);
  const bootstrap = await loadBootstrapFiles(workspace);

  const skillsDir = join(root, "skills-100");
  writeSkills(skillsDir, 100);
  const index = createSkillIndex({ dirs: [{ path: skillsDir, source: "bundled" }], watch: false });
  await index.ready();
  const selection = { eligibility: { platform: process.platform, env: {}, hasBinary: () => true } };

  const params = (): SystemPromptParams => ({
    workspaceDir: workspace,
    tools: ["read", "write", "edit", "exec", "process", "memory_search", "memory_get", "message"].map(
      (name) => ({
        name,
        summary: `The ${name} tool`,
      }),
    ),
    skills: index.promptSkills(selection).prompt,
    now: new Date("2026-03-14T12:00:00Z"),
    timeZone: "Europe/Berlin",
    user: { name: "Ada", owners: ["telegram:1"] },
    channel: { id: "telegram", capabilities: ["inlineButtons", "reactions"] },
    runtime: {
      agentId: "main",
      host: "bench",
      os: process.platform,
      arch: process.arch,
      node: process.version,
      model: "m",
    },
    thinking: "low",
    contextFiles: bootstrap.files,
  });
  const prebuilt = buildSystemPromptSections(params()).map((s) => s.text);
  const skillCount = index.promptSkills(selection).prompt.length;
  if (skillCount !== 100) throw new Error(`expected 100 skills, got ${skillCount}`);

  await suite("prompt", {
    baseline: { name: "join prebuilt sections", fn: () => prebuilt.join("\n\n") },
    cases: [
      {
        name: "buildSystemPrompt (8 files, 100 skills, warm index)",
        fn: () => buildSystemPrompt(params()),
        target: { maxMedianMs: 2 },
      },
    ],
  });
  index.close();

  const coldDir = join(root, "skills-500");
  for (let part = 0; part < 5; part++) writeSkills(join(coldDir, `root-${part}`), 100);
  const dirs = [0, 1, 2, 3, 4].map((part) => ({
    path: join(coldDir, `root-${part}`),
    source: "extra" as const,
  }));
  const t0 = performance.now();
  const cold = await loadSkills(dirs);
  const coldMs = performance.now() - t0;
  if (cold.skills.length !== 100 || cold.diagnostics.length > 0)
    // 5 roots × 100 folders whose names repeat, so 100 distinct names survive precedence.
    throw new Error(`cold load: ${cold.skills.length} skills, ${cold.diagnostics.length} diagnostics`);
  report("prompt", "loadSkills cold, 500 skill folders (5 roots)", coldMs, "ms");
  report("prompt", "system prompt size (8 files, 100 skills)", buildSystemPrompt(params()).length, "chars");
} finally {
  rmSync(root, { recursive: true, force: true });
}
