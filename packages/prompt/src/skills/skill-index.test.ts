import { rmSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { skillMd, tempDir, writeFiles } from "../../test/tmp-dirs.js";
import { createSkillIndex, type SkillSnapshot } from "./skill-index.js";

const selection = { eligibility: { platform: "linux", env: {}, hasBinary: () => true } };

describe("createSkillIndex", () => {
  it("caches the loaded skills and the prompt selection", async () => {
    const root = tempDir();
    writeFiles(root, { "git/SKILL.md": skillMd("name: git\ndescription: Git") });
    const index = createSkillIndex({ dirs: [{ path: root, source: "bundled" }], watch: false });
    const snapshot = await index.ready();
    expect(snapshot.skills.map((s) => s.name)).toEqual(["git"]);
    expect(index.promptSkills(selection)).toBe(index.promptSkills(selection));
    const before = index.promptSkills(selection);
    await index.refresh();
    expect(index.current()?.version).toBe(2);
    expect(index.promptSkills(selection)).not.toBe(before);
    index.close();
  });

  it("reloads after a change in a skill folder, a new folder, a removal, and a root created later", async () => {
    const base = tempDir();
    const bundled = join(base, "bundled");
    const workspace = join(base, "ws", "skills");
    writeFiles(bundled, { "git/SKILL.md": skillMd("name: git\ndescription: v1") });
    const changes: SkillSnapshot[] = [];
    let wake: () => void = () => {};
    const next = () => new Promise<void>((resolve) => (wake = resolve));
    const index = createSkillIndex({
      dirs: [
        { path: bundled, source: "bundled" },
        { path: workspace, source: "workspace" },
      ],
      debounceMs: 20,
      onChange: (s) => {
        changes.push(s);
        wake();
      },
    });
    await index.ready();

    const names = () => index.current()?.skills.map((s) => `${s.name}:${s.description}`);
    const until = async (want: string[]) => {
      while (JSON.stringify(names()) !== JSON.stringify(want)) await next();
    };

    writeFiles(bundled, { "git/SKILL.md": skillMd("name: git\ndescription: v2") });
    await until(["git:v2"]);
    writeFiles(bundled, { "notes/SKILL.md": skillMd("name: notes\ndescription: n") });
    await until(["git:v2", "notes:n"]);
    rmSync(join(bundled, "notes"), { recursive: true });
    await until(["git:v2"]);
    writeFiles(workspace, { "git/SKILL.md": skillMd("name: git\ndescription: mine") });
    await until(["git:mine"]);
    expect(changes.length).toBeGreaterThanOrEqual(4);
    index.close();
  });
});
