// Descriptor exhaustion cannot be produced in-process without starving the test runner, so this
// file makes `open` fail with EMFILE for transcript files a set number of times (or hand out a
// handle whose writes fail).
import { mkdtempSync, readFileSync } from "node:fs";
import type { FileHandle } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";

const failures = vi.hoisted(() => ({ left: 0, opens: 0, badHandles: 0 }));
vi.mock("node:fs/promises", async (importOriginal) => {
  const actual = await importOriginal<typeof import("node:fs/promises")>();
  return {
    ...actual,
    open: (async (path: string, ...rest: unknown[]) => {
      if (String(path).endsWith(".jsonl")) {
        failures.opens++;
        if (failures.left > 0) {
          failures.left--;
          throw Object.assign(new Error(`EMFILE: too many open files, open '${path}'`), { code: "EMFILE" });
        }
      }
      const handle = await (actual.open as (...args: unknown[]) => Promise<FileHandle>)(path, ...rest);
      if (!String(path).endsWith(".jsonl") || failures.badHandles === 0) return handle;
      failures.badHandles--;
      return Object.assign(Object.create(handle), {
        write: async () => {
          throw Object.assign(new Error("EIO: i/o error, write"), { code: "EIO" });
        },
        close: () => handle.close(),
      });
    }) as typeof actual.open,
  };
});

const { createAppendFilePool } = await import("../src/sessions/transcript/append-file-pool.js");
const { createTranscriptWriter } = await import("../src/sessions/transcript/transcript-writer.js");

describe("opening a transcript when descriptors run out", () => {
  it("retries EMFILE with backoff and the line still lands", async () => {
    const path = join(mkdtempSync(join(tmpdir(), "claw-emfile-")), "s.jsonl");
    Object.assign(failures, { left: 3, opens: 0, badHandles: 0 });
    const writer = createTranscriptWriter(path, { durability: "os" });
    await writer.append({ n: 1 });
    await writer.close();
    expect(failures.opens).toBe(4);
    expect(readFileSync(path, "utf8")).toBe('{"n":1}\n');
  });

  it("gives up after the retries, but a later append opens again instead of reusing the failure", async () => {
    const path = join(mkdtempSync(join(tmpdir(), "claw-emfile-")), "s.jsonl");
    Object.assign(failures, { left: 4, opens: 0, badHandles: 0 }); // two attempts per append with openRetries: 1
    const writer = createTranscriptWriter(path, {
      durability: "os",
      files: createAppendFilePool({ maxOpen: 4, openRetries: 1 }),
    });
    await expect(writer.append({ n: 1 })).rejects.toThrow(/EMFILE/);
    await expect(writer.append({ n: 2 })).rejects.toThrow(/EMFILE/);
    await writer.append({ n: 3 });
    await writer.close();
    expect(readFileSync(path, "utf8")).toBe('{"n":3}\n');
  });

  it("drops a handle whose write failed and reopens the file for the next append", async () => {
    const path = join(mkdtempSync(join(tmpdir(), "claw-emfile-")), "s.jsonl");
    Object.assign(failures, { left: 0, opens: 0, badHandles: 1 });
    const files = createAppendFilePool({ maxOpen: 4 });
    const writer = createTranscriptWriter(path, { durability: "os", files });
    await expect(writer.append({ n: 1 })).rejects.toThrow(/EIO/);
    expect(files.openCount).toBe(0);
    await writer.append({ n: 2 });
    await writer.close();
    expect(failures.opens).toBe(2);
    expect(readFileSync(path, "utf8")).toBe('{"n":2}\n');
  });
});
