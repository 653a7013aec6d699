import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { logUnhandledRejections } from "../src/unhandled-rejections.js";

describe("logUnhandledRejections", () => {
  it("logs a rejection nobody caught, with its stack, instead of ending the process", async () => {
    const lines: { level: string; message: string; fields?: Record<string, unknown> }[] = [];
    const stderr: string[] = [];
    const stop = logUnhandledRejections(
      { write: (level, message, fields) => lines.push({ level, message, fields }) },
      (line) => stderr.push(line),
    );
    try {
      void Promise.reject(new Error("RESUMED after INVALID_SESSION"));
      await new Promise((resolve) => setTimeout(resolve, 20));
    } finally {
      stop();
    }
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: "error", fields: { error: "RESUMED after INVALID_SESSION" } });
    expect(String(lines[0]?.fields?.stack)).toContain("unhandled-rejections.test");
    expect(stderr.join("")).toContain("RESUMED after INVALID_SESSION");
  });

  it("without it, Node ends the process on the same rejection (what the guard prevents)", async () => {
    const child = spawn(process.execPath, [
      "-e",
      "Promise.reject(new Error('boom')); setTimeout(() => {}, 200)",
    ]);
    const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
    expect(code).not.toBe(0);
  });
});
