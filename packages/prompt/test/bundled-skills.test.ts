import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { loadSkills, selectSkills } from "../src/index.js";

const bundledDir = join(dirname(fileURLToPath(import.meta.url)), "../../../skills");

describe("bundled skills (repo-top skills/)", () => {
  it("all load without diagnostics", async () => {
    const { skills, diagnostics } = await loadSkills([{ path: bundledDir, source: "bundled" }]);
    expect(diagnostics).toEqual([]);
    expect(skills.map((s) => s.name)).toEqual(["daily-notes", "git", "github", "summarize-file"]);
    for (const skill of skills) {
      expect(skill.description.length).toBeGreaterThan(40);
      expect(skill.emoji).toBeTruthy();
    }
  });

  it("gate on their binaries", async () => {
    const { skills } = await loadSkills([{ path: bundledDir, source: "bundled" }]);
    const { excluded } = selectSkills(skills, {
      eligibility: { platform: "linux", env: {}, hasBinary: (bin) => bin === "git" },
    });
    expect(excluded).toEqual([{ name: "github", code: "bins", reason: "missing binary on PATH: gh" }]);
  });
});
