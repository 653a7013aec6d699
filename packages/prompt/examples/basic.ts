/** Runnable: `pnpm exec tsx --conditions=@claw/source examples/basic.ts` from packages/prompt. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  buildSystemPromptWithReport,
  createBinaryLookup,
  createSkillIndex,
  formatContextList,
  loadBootstrapFiles,
  resolveSkillDirs,
  seedWorkspace,
} from "../src/index.js";

const workspaceDir = mkdtempSync(join(tmpdir(), "claw-example-"));
const bundledDir = join(dirname(fileURLToPath(import.meta.url)), "../../../skills");
try {
  await seedWorkspace(workspaceDir);
  const skills = createSkillIndex({ dirs: resolveSkillDirs({ bundledDir, workspaceDir }), watch: false });
  await skills.ready();
  const picked = skills.promptSkills({
    eligibility: {
      platform: process.platform,
      env: process.env,
      hasBinary: createBinaryLookup({ path: process.env.PATH, platform: process.platform }),
    },
  });
  const { files } = await loadBootstrapFiles(workspaceDir);
  const { prompt, report } = buildSystemPromptWithReport(
    {
      workspaceDir,
      tools: [
        { name: "read", summary: "Read file contents" },
        { name: "exec", summary: "Run shell commands" },
      ],
      skills: picked.prompt,
      now: new Date(),
      timeZone: "UTC",
      runtime: { agentId: "main", os: process.platform, arch: process.arch, node: process.version },
      thinking: "low",
      contextFiles: files,
    },
    { maxCharsPerFile: 20_000 },
  );
  console.log(prompt.slice(0, 600), "\n…\n");
  console.log(formatContextList(report));
  for (const skipped of picked.excluded) console.log(`skill ${skipped.name} not offered: ${skipped.reason}`);
  skills.close();
} finally {
  rmSync(workspaceDir, { recursive: true, force: true });
}
