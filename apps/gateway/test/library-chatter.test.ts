/**
 * Library chatter (an SDK's deprecation notice, a dependency's console.warn) lands in the gateway
 * log while the gateway runs, never on stderr; the embedder's own console output is untouched.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, describe, expect, it, vi } from "vitest";
import { startTestGateway } from "./helpers.js";

/** A stand-in dependency: a module under node_modules that chatters the way SDKs do. */
async function chattyDependency(): Promise<{ chatter(text: string): void }> {
  const dir = join(mkdtempSync(join(tmpdir(), "claw-chatter-")), "node_modules", "chatty-sdk");
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, "index.mjs"),
    'export function chatter(text) { console.warn("chatty-sdk:", text); process.emitWarning("chatty-sdk " + text + " is deprecated", "DeprecationWarning"); }\n',
  );
  return import(pathToFileURL(join(dir, "index.mjs")).href);
}

const nextTick = () => new Promise((resolve) => setImmediate(resolve));

/** The embedder's console.warn: records what reaches it. */
function embedderConsole(): string[] {
  const seen: string[] = [];
  vi.spyOn(console, "warn").mockImplementation((...args: unknown[]) => {
    seen.push(args.map(String).join(" "));
  });
  return seen;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("library chatter", () => {
  it("goes to the gateway log, not to the console or Node's warning printer, while the gateway runs", async () => {
    const printers = () => process.listeners("warning").filter((l) => l.name === "onWarning");
    const printersBefore = printers();
    const seen = embedderConsole();
    const { claw, client } = await startTestGateway({});
    expect(printers()).toEqual([]);
    const sdk = await chattyDependency();
    sdk.chatter("legacyOption");
    await nextTick();
    expect(seen).toEqual([]);
    const log = readFileSync(claw.log.path, "utf8");
    expect(log).toContain('"msg":"library: chatty-sdk: legacyOption"');
    expect(log).toContain(
      '"msg":"process warning: chatty-sdk legacyOption is deprecated","warning":"DeprecationWarning"',
    );
    await client.close();
    await claw.close();
    expect(printers()).toEqual(printersBefore);
  });

  it("leaves the embedder's own console.warn alone, and restores everything when the gateway closes", async () => {
    const seen = embedderConsole();
    const { claw, client } = await startTestGateway({});
    console.warn("the embedder speaks");
    expect(seen).toEqual(["the embedder speaks"]);
    expect(readFileSync(claw.log.path, "utf8")).not.toContain("the embedder speaks");
    await client.close();
    await claw.close();
    const sdk = await chattyDependency();
    sdk.chatter("afterClose");
    await nextTick();
    expect(seen).toEqual(["the embedder speaks", "chatty-sdk: afterClose"]);
    expect(readFileSync(claw.log.path, "utf8")).not.toContain("afterClose");
  });
});
