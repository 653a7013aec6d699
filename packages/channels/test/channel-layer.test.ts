/**
 * The shared layer harness of `@claw/channels/testing` on its own, over the toy channel: the
 * wiring answers a DM through the faux model, a benchmark's stopwatch and bypass work, the state
 * folder is removed unless kept; and the crash-test processes start, report ready and die.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import {
  CrashTest,
  createToyChannel,
  type HoldingFake,
  killWhileSendHeld,
  LayerStopwatch,
  ReadyProcesses,
  startChannelLayer,
  ToyPlatform,
  until,
} from "../src/testing/index.js";

const dm = (id: string, text: string) => ({ peer: { kind: "direct" as const, id }, sender: { id }, text });

describe("startChannelLayer", () => {
  it("answers a DM through the faux model and removes its state folder on stop", async () => {
    const platform = new ToyPlatform();
    const layer = await startChannelLayer({
      channel: "toy",
      accounts: [{ accountId: "default", create: () => createToyChannel(platform) }],
      access: { dmPolicy: "open" },
      journal: true,
    });
    expect(layer.channels).toHaveLength(1);
    await platform.type("default", dm("u1", "hello"));
    await until(() => platform.sent.length === 1, 5_000, "the reply");
    expect(platform.sent[0]?.text).toBe("seen: hello");
    await layer.stop();
    expect(existsSync(layer.stateDir)).toBe(false);
  });

  it("counts runs for a benchmark, stops messages at the door when bypassed, and keeps state when told", async () => {
    const platform = new ToyPlatform();
    let runs = 0;
    let bypass = true;
    const layer = await startChannelLayer({
      channel: "toy",
      accounts: [{ accountId: "default", create: () => createToyChannel(platform) }],
      access: { dmPolicy: "open" },
      reply: "ok",
      onRunStart: () => runs++,
      bypassLayer: () => bypass,
    });
    await platform.type("default", dm("u1", "bypassed"));
    expect(runs).toBe(1);
    bypass = false;
    await platform.type("default", dm("u1", "through"));
    await until(() => platform.sent.length === 1, 5_000, "the reply");
    expect(runs).toBe(2);
    expect(platform.sent.map((m) => m.text)).toEqual(["ok"]);
    await layer.stop(false);
    expect(existsSync(layer.stateDir)).toBe(true);
    rmSync(layer.stateDir, { recursive: true, force: true });
  });
});

describe("LayerStopwatch", () => {
  it("times bypassed and layer samples to the run's start, after the warm-up rounds", async () => {
    const platform = new ToyPlatform();
    const stopwatch = new LayerStopwatch();
    const layer = await startChannelLayer({
      channel: "toy",
      accounts: [{ accountId: "default", create: () => createToyChannel(platform) }],
      access: { dmPolicy: "open" },
      reply: "ok",
      typing: false,
      ...stopwatch.layerOptions,
    });
    const pushed: string[] = [];
    let idles = 0;
    const { baseline, layer: throughLayer } = await stopwatch.measure({
      rounds: 3,
      warmup: 1,
      idle: async () => void idles++,
      push: (bypass, round) => {
        pushed.push(`${bypass ? "bypass" : "layer"} ${round}`);
        void platform.type("default", dm(`u${round}`, "hi"));
      },
      afterRound: () => layer.pipeline.drained(),
    });
    expect(pushed).toEqual([
      "bypass 0",
      "layer 0",
      "bypass 1",
      "layer 1",
      "bypass 2",
      "layer 2",
      "bypass 3",
      "layer 3",
    ]);
    expect(idles).toBe(8);
    expect(baseline).toBeGreaterThan(0);
    expect(throughLayer).toBeGreaterThan(0);
    await until(() => platform.sent.length === 4, 5_000, "the four layer replies");
    await layer.stop();
  });
});

describe("ReadyProcesses and killWhileSendHeld", () => {
  const processes = new ReadyProcesses();
  const dir = mkdtempSync(join(tmpdir(), "claw-ready-"));
  const script = join(dir, "child.mjs");
  writeFileSync(script, 'process.stdout.write("ready\\n");\nsetInterval(() => {}, 60_000);\n');
  const early = join(dir, "early.mjs");
  writeFileSync(early, "process.exit(3);\n");
  afterEach(() => processes.killAll());
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("kills a child while a send is held, then answers what was held", async () => {
    const child = await processes.start(script);
    const sent: string[] = [];
    let held: string | undefined;
    const fake: HoldingFake & { dm(text: string): string } = {
      sent,
      holdSends: () => {},
      releaseHeld: () => {
        if (held) sent.push(held);
      },
      dm(text) {
        held = text;
        setTimeout(() => fake.onHeld?.(), 10);
        return "asked";
      },
    };
    const result = await killWhileSendHeld({
      fake,
      child,
      afterDelivered: 0,
      ask: () => fake.dm("long"),
      waitFor: (check, what) => until(check, 5_000, what),
    });
    expect(child.signalCode).toBe("SIGKILL");
    expect(result).toEqual({ asked: "asked", sentBeforeRestart: 1 });
  });

  it("CrashTest cleanup kills its processes, closes its fakes and removes its state folders", async () => {
    const crash = new CrashTest();
    const child = await crash.processes.start(script);
    let closed = false;
    crash.track({
      close: async () => {
        closed = true;
      },
    });
    const stateDir = crash.stateDir("claw-crash-");
    expect(existsSync(stateDir)).toBe(true);
    await crash.cleanup();
    expect(child.signalCode).toBe("SIGKILL");
    expect(closed).toBe(true);
    expect(existsSync(stateDir)).toBe(false);
  });

  it("names a process that exits before it is ready", async () => {
    await expect(processes.start(early, { name: "early bird" })).rejects.toThrow(
      "early bird exited early (3)",
    );
  });
});
