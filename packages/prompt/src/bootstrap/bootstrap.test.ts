import { existsSync, readFileSync, symlinkSync, unlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { tempDir, writeFiles } from "../../test/tmp-dirs.js";
import { bootstrapFilesForRun } from "./files.js";
import { loadBootstrapFiles } from "./load.js";
import { seedWorkspace } from "./seed.js";
import { WORKSPACE_TEMPLATES } from "./templates.js";
import { truncateHeadTail } from "./truncate.js";

describe("truncateHeadTail", () => {
  it("leaves short text alone", () => {
    expect(truncateHeadTail("hello", 10, "A.md")).toEqual({ text: "hello", truncated: false });
  });

  it("keeps head and tail around a visible marker", () => {
    const text = `HEAD${"x".repeat(50_000)}TAIL`;
    const cut = truncateHeadTail(text, 20_000, "TOOLS.md");
    expect(cut.truncated).toBe(true);
    expect(cut.text.startsWith("HEAD")).toBe(true);
    expect(cut.text.endsWith("TAIL")).toBe(true);
    expect(cut.text).toContain(
      "[… TOOLS.md is 50,008 characters; only its start and end are shown here. Read the file for the full text …]",
    );
    expect(cut.text.length).toBeLessThanOrEqual(20_000);
  });

  it("never splits a surrogate pair", () => {
    const cut = truncateHeadTail("😀".repeat(1000), 101, "A.md");
    expect(cut.text).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/);
    expect(cut.text).not.toMatch(/(?<![\ud800-\udbff])[\udc00-\udfff]/);
  });
});

describe("loadBootstrapFiles", () => {
  it("loads files in order, marks missing required files, skips optional ones, reports empty", async () => {
    const ws = tempDir();
    writeFiles(ws, { "AGENTS.md": "agents", "SOUL.md": "soul", "USER.md": "", "MEMORY.md": "mem" });
    const { files } = await loadBootstrapFiles(ws);
    expect(files.map((f) => [f.path, f.status])).toEqual([
      ["AGENTS.md", "ok"],
      ["SOUL.md", "ok"],
      ["TOOLS.md", "missing"],
      ["IDENTITY.md", "missing"],
      ["USER.md", "empty"],
      ["HEARTBEAT.md", "missing"],
      ["MEMORY.md", "ok"],
    ]);
    expect(files[2]?.content).toBe(
      "[missing file: TOOLS.md — create it in the workspace to add it to every session]",
    );
  });

  it("leaves MEMORY.md out when includeMemory is false", async () => {
    const ws = tempDir();
    writeFiles(ws, { "MEMORY.md": "secret plans" });
    const { files } = await loadBootstrapFiles(ws, { includeMemory: false });
    expect(files.map((f) => f.path)).not.toContain("MEMORY.md");
  });

  it("a light context loads HEARTBEAT.md only for a heartbeat and nothing for a cron run", async () => {
    const ws = tempDir();
    writeFiles(ws, {
      "AGENTS.md": "agents",
      "SOUL.md": "soul",
      "HEARTBEAT.md": "- check mail",
      "MEMORY.md": "m",
    });
    const heartbeat = await loadBootstrapFiles(ws, {
      only: bootstrapFilesForRun("lightweight", "heartbeat"),
    });
    expect(heartbeat.files.map((f) => [f.path, f.content])).toEqual([["HEARTBEAT.md", "- check mail"]]);
    const cron = await loadBootstrapFiles(ws, { only: bootstrapFilesForRun("lightweight", "cron") });
    expect(cron.files).toEqual([]);
    expect(bootstrapFilesForRun("full", "heartbeat")).toBeUndefined();
    expect(bootstrapFilesForRun(undefined, "cron")).toBeUndefined();
  });

  it("truncates per file and stops at the total budget", async () => {
    const ws = tempDir();
    writeFiles(ws, {
      "AGENTS.md": "a".repeat(30_000),
      "SOUL.md": "s".repeat(5_000),
      "TOOLS.md": "t".repeat(5_000),
      "IDENTITY.md": "i".repeat(5_000),
    });
    const { files, totalInjectedChars } = await loadBootstrapFiles(ws, {
      maxCharsPerFile: 20_000,
      maxTotalChars: 28_000,
    });
    const [agents, soul, tools, identity] = files;
    expect(agents?.status).toBe("truncated");
    expect(agents?.rawChars).toBe(30_000);
    expect(agents?.injectedChars).toBeLessThanOrEqual(20_000);
    expect(soul?.status).toBe("ok");
    expect(tools?.status).toBe("truncated");
    expect(identity?.status).toBe("truncated");
    expect(identity?.content).toContain("bootstrap budget is used up");
    expect(
      (agents?.injectedChars ?? 0) + (soul?.injectedChars ?? 0) + (tools?.injectedChars ?? 0),
    ).toBeLessThanOrEqual(28_000);
    expect(totalInjectedChars).toBe(files.reduce((n, f) => n + f.content.length, 0));
  });

  it("reads a huge file as head and tail only", async () => {
    const ws = tempDir();
    writeFiles(ws, { "AGENTS.md": `START${"z".repeat(3 * 1024 * 1024)}END` });
    const { files } = await loadBootstrapFiles(ws);
    expect(files[0]?.status).toBe("truncated");
    expect(files[0]?.content.startsWith("START")).toBe(true);
    expect(files[0]?.content.endsWith("END")).toBe(true);
    expect(files[0]?.rawChars).toBeGreaterThan(3 * 1024 * 1024);
  });

  it("refuses symlinks that leave the workspace, .env, and paths outside", async () => {
    const ws = tempDir();
    const outside = tempDir();
    writeFiles(outside, { "secret.txt": "TOKEN=abc" });
    writeFiles(ws, { ".env": "API_KEY=xyz", "notes/ok.md": "fine", "SOUL.md": "inside" });
    symlinkSync(join(outside, "secret.txt"), join(ws, "AGENTS.md"));
    const { files } = await loadBootstrapFiles(ws, {
      extraFiles: [".env", "../x.md", "/etc/passwd", "notes/ok.md", "notes/.env.local"],
    });
    const byPath = Object.fromEntries(files.map((f) => [f.path, f]));
    expect(byPath["AGENTS.md"]?.status).toBe("rejected");
    expect(byPath["AGENTS.md"]?.reason).toContain("outside the workspace");
    expect(byPath[".env"]?.status).toBe("rejected");
    expect(byPath["notes/.env.local"]?.status).toBe("rejected");
    expect(byPath["../x.md"]?.status).toBe("rejected");
    expect(byPath["/etc/passwd"]?.status).toBe("rejected");
    expect(byPath["notes/ok.md"]?.content).toBe("fine");
    expect(files.map((f) => f.content).join("")).not.toMatch(/TOKEN|API_KEY/);
  });
});

describe("seedWorkspace", () => {
  it("writes every template, BOOTSTRAP.md included, into a brand-new workspace", async () => {
    const ws = join(tempDir(), "workspace");
    const { created, kept } = await seedWorkspace(ws);
    expect(created.sort()).toEqual(Object.keys(WORKSPACE_TEMPLATES).sort());
    expect(kept).toEqual([]);
    expect(existsSync(join(ws, "memory"))).toBe(true);
  });

  it("never overwrites and does not recreate a deleted BOOTSTRAP.md", async () => {
    const ws = tempDir();
    await seedWorkspace(ws);
    writeFileSync(join(ws, "SOUL.md"), "mine");
    unlinkSync(join(ws, "BOOTSTRAP.md"));
    unlinkSync(join(ws, "TOOLS.md"));
    const { created } = await seedWorkspace(ws);
    expect(created).toEqual(["TOOLS.md"]);
    expect(readFileSync(join(ws, "SOUL.md"), "utf8")).toBe("mine");
    expect(existsSync(join(ws, "BOOTSTRAP.md"))).toBe(false);
  });

  it("skips BOOTSTRAP.md for an existing workspace", async () => {
    const ws = tempDir();
    writeFiles(ws, { "AGENTS.md": "existing" });
    const { created } = await seedWorkspace(ws);
    expect(created).not.toContain("BOOTSTRAP.md");
    expect(readFileSync(join(ws, "AGENTS.md"), "utf8")).toBe("existing");
  });
});
