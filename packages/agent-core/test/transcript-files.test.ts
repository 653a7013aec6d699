import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createAppendFilePool } from "../src/sessions/transcript/append-file-pool.js";
import { readTranscript } from "../src/sessions/transcript/read-transcript.js";
import { createTranscriptWriter } from "../src/sessions/transcript/transcript-writer.js";

const tmp = () => mkdtempSync(join(tmpdir(), "claw-fds-"));
const lines = (path: string) =>
  readFileSync(path, "utf8")
    .trimEnd()
    .split("\n")
    .map((l) => JSON.parse(l) as { n: number });

describe("transcript writers share a bounded pool of file handles", () => {
  it("keeps at most maxOpen files open, and every file gets all its lines in order", async () => {
    const dir = tmp();
    const files = createAppendFilePool({ maxOpen: 3 });
    const writers = Array.from({ length: 20 }, (_, i) =>
      createTranscriptWriter(join(dir, `s${i}.jsonl`), { durability: "os", files }),
    );
    let most = 0;
    const appends: Promise<void>[] = [];
    for (let n = 0; n < 30; n++) {
      for (const w of writers)
        appends.push(
          w.append({ n }).then(() => {
            most = Math.max(most, files.openCount);
          }),
        );
    }
    await Promise.all(appends);
    expect(most).toBeLessThanOrEqual(3);
    for (let i = 0; i < 20; i++) {
      expect(lines(join(dir, `s${i}.jsonl`)).map((l) => l.n)).toEqual(
        Array.from({ length: 30 }, (_, n) => n),
      );
    }
    await Promise.all(writers.map((w) => w.close()));
    expect(files.openCount).toBe(0);
  });

  it("never keeps a failed open: the next append opens again and succeeds", async () => {
    const dir = tmp();
    writeFileSync(join(dir, "blocker"), "a file where the folder should be");
    const path = join(dir, "blocker", "s.jsonl");
    const writer = createTranscriptWriter(path, { durability: "os" });
    await expect(writer.append({ n: 1 })).rejects.toThrow(/EEXIST|ENOTDIR/);
    rmSync(join(dir, "blocker"));
    mkdirSync(join(dir, "blocker"));
    await writer.append({ n: 2 });
    await writer.close();
    expect(lines(path).map((l) => l.n)).toEqual([2]);
  });

  it("releases a closed writer's handle so the pool can reuse the place", async () => {
    const dir = tmp();
    const files = createAppendFilePool({ maxOpen: 2 });
    const a = createTranscriptWriter(join(dir, "a.jsonl"), { durability: "os", files });
    await a.append({ n: 1 });
    expect(files.openCount).toBe(1);
    await a.close();
    expect(files.openCount).toBe(0);
    await files.close();
  });
});

describe("1,000 sessions under ulimit -n 128", () => {
  it("all run, every transcript is whole, and the process exits 0", async () => {
    const stateDir = tmp();
    const fixture = join(import.meta.dirname, "fixtures-many-sessions.ts");
    // The child lowers its own limit to 128 (prlimit) once its modules are loaded.
    const command = `exec "${process.execPath}" --conditions=@claw/source --import tsx "${fixture}" "${stateDir}" 1000 128`;
    const child = await runChild(command);
    expect(child.stdout.split("\n")[0]).toBe("loaded nofile=128");
    const { code, stdout, stderr } = child;
    expect(stderr).not.toMatch(/EMFILE|ENFILE/);
    expect(code).toBe(0);
    expect(JSON.parse(stdout.trim().split("\n").at(-1) ?? "{}")).toEqual({
      statuses: { ok: 1000 },
      errors: [],
    });
    const dir = join(stateDir, "agents", "main", "sessions");
    const transcripts = readdirSync(dir).filter((f) => f.endsWith(".jsonl"));
    expect(transcripts).toHaveLength(1000);
    for (const file of transcripts) {
      const loaded = await readTranscript(join(dir, file));
      expect(loaded.problems).toEqual([]);
      expect(loaded.repairedBytes).toBe(0);
      const roles = loaded.entries.flatMap((e) => (e.type === "message" ? [e.message.role] : []));
      expect(roles).toEqual(["user", "assistant"]);
    }
  }, 120_000);
});

function runChild(command: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn("bash", ["-c", command], {
      cwd: join(import.meta.dirname, ".."),
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c: Buffer) => (stdout += c.toString()));
    child.stderr.on("data", (c: Buffer) => (stderr += c.toString()));
    child.on("error", reject);
    child.on("exit", (code) => resolve({ code, stdout, stderr }));
  });
}
