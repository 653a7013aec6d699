import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AssistantMessage, Message } from "@claw/providers";
import { afterEach, describe, expect, it } from "vitest";
import {
  acceptedUserMessage,
  createDurableRuns,
  createPersistentSessionStore,
  emptyUsage,
  INTERRUPTED_BY_RESTART,
  openRunInbox,
  type PersistentSessionStore,
  type RunInbox,
} from "../src/index.js";
import { fauxRuntime } from "./helpers.js";

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** One "process": a runtime, its session store and its inbox on a shared state dir. */
function boot(
  stateDir: string,
  script: Parameters<typeof fauxRuntime>[0] = [{ text: "ok", chunkDelayMs: 1 }],
) {
  const sessions = createPersistentSessionStore({ stateDir, durability: "os" });
  const { runtime } = fauxRuntime(script, { sessions, faux: { whenExhausted: "repeat-last" } });
  const inbox = openRunInbox(join(stateDir, "state.db"));
  const durable = createDurableRuns({
    inbox,
    sessions,
    start: (work) => runtime.run({ ...work, message: acceptedUserMessage(work), runId: work.runId }),
  });
  const stop = async () => {
    await runtime.close();
    await sessions.close();
    inbox.close();
  };
  cleanups.push(stop);
  return { runtime, sessions, inbox, durable };
}

async function userTexts(sessions: PersistentSessionStore, sessionKey: string): Promise<string[]> {
  const entry = await sessions.get(sessionKey);
  if (!entry) return [];
  return (await sessions.loadMessages(entry)).flatMap((m) =>
    m.role === "user" && typeof m.content === "string" ? [m.content] : [],
  );
}

const answer = (text: string, timestamp: number): AssistantMessage => ({
  role: "assistant",
  content: [{ type: "text", text }],
  api: "faux",
  provider: "faux",
  model: "faux-1",
  usage: emptyUsage(),
  stopReason: "stop",
  timestamp,
});

describe("durable acceptance (run inbox)", () => {
  it("commits the message before accept resolves and records the outcome when the run ends", async () => {
    const stateDir = mkdtempSync(join(tmpdir(), "claw-inbox-"));
    const { durable, inbox } = boot(stateDir);
    const accepted = await durable.accept({
      idempotencyKey: "k1",
      sessionKey: "agent:main:a",
      message: "hi",
    });
    // A second connection sees the row at once: it was committed, not buffered.
    const other = openRunInbox(join(stateDir, "state.db"));
    cleanups.push(() => other.close());
    expect(other.byKey("k1")).toMatchObject({ runId: accepted.runId, state: "queued", message: "hi" });
    const outcome = await accepted.done;
    expect(outcome).toMatchObject({ status: "ok", text: "ok" });
    expect(inbox.byRunId(accepted.runId)).toMatchObject({ state: "done", outcome: { status: "ok" } });
  });

  it("maps a repeated idempotency key to the first run: same id, one run, its real outcome", async () => {
    const stateDir = mkdtempSync(join(tmpdir(), "claw-inbox-"));
    const { durable, sessions } = boot(stateDir);
    const request = { idempotencyKey: "k-dup", sessionKey: "agent:main:d", message: "once" };
    const [a, b] = await Promise.all([durable.accept(request), durable.accept(request)]);
    expect(b.runId).toBe(a.runId);
    expect([a.duplicate, b.duplicate].sort()).toEqual([false, true]);
    expect((await b.done).status).toBe("ok");
    const later = await durable.accept(request);
    expect(later).toMatchObject({ runId: a.runId, duplicate: true });
    expect((await later.done).text).toBe("ok");
    expect(await userTexts(sessions, "agent:main:d")).toEqual(["once"]);
  });

  it("after a crash resumes unstarted messages, completes answered ones and reports cut-short ones", async () => {
    const stateDir = mkdtempSync(join(tmpdir(), "claw-inbox-"));
    // What a killed process left: three accepted rows and the transcript as far as it got.
    const crashed = openRunInbox(join(stateDir, "state.db"));
    const work = (n: number, sessionKey: string) => ({
      idempotencyKey: `k${n}`,
      sessionKey,
      message: `m${n}`,
      runId: `run-${n}`,
      acceptedAt: 1_000 + n,
    });
    for (const w of [work(1, "agent:main:x"), work(2, "agent:main:x"), work(3, "agent:main:y")])
      crashed.insert(w);
    crashed.close();
    const before = createPersistentSessionStore({ stateDir, durability: "os" });
    const x = await before.resolve("agent:main:x", { agentId: "main" });
    await before.append(x, acceptedUserMessage(work(1, "agent:main:x")) as Message);
    await before.append(x, answer("answered before the crash", 5_000));
    const y = await before.resolve("agent:main:y", { agentId: "main" });
    await before.append(y, acceptedUserMessage(work(3, "agent:main:y")) as Message);
    await before.close();

    const { durable, sessions, inbox } = boot(stateDir);
    expect(await durable.recover()).toEqual({ resumed: 1, completed: 1, interrupted: 1 });
    expect(inbox.byKey("k1")?.outcome).toMatchObject({ status: "ok", text: "answered before the crash" });
    expect(inbox.byKey("k3")?.outcome).toMatchObject({ status: "error", error: INTERRUPTED_BY_RESTART });
    // The resumed run keeps its id; a retry of its key attaches to it and gets its outcome.
    const retry = await durable.accept({ idempotencyKey: "k2", sessionKey: "agent:main:x", message: "m2" });
    expect(retry).toMatchObject({ runId: "run-2", duplicate: true });
    expect((await retry.done).status).toBe("ok");
    expect(await userTexts(sessions, "agent:main:x")).toEqual(["m1", "m2"]);
    expect(await userTexts(sessions, "agent:main:y")).toEqual(["m3"]);
    // Acceptance times stay increasing past what the crashed process used.
    const next = await durable.accept({ idempotencyKey: "k4", sessionKey: "agent:main:z", message: "m4" });
    expect(next.acceptedAt).toBeGreaterThan(1_003);
  });

  it("keeps the images sent with a message in its row, and the run's user message carries them", async () => {
    const stateDir = mkdtempSync(join(tmpdir(), "claw-inbox-"));
    const { durable, inbox, sessions } = boot(stateDir);
    const image = { type: "image" as const, data: "iVBORw0KGgo=", mimeType: "image/png" };
    const accepted = await durable.accept({
      idempotencyKey: "k-img",
      sessionKey: "agent:main:img",
      message: "what is this?",
      images: [image],
    });
    expect(inbox.byKey("k-img")).toMatchObject({ images: [image] });
    await accepted.done;
    const entry = await sessions.get("agent:main:img");
    const [user] = entry ? await sessions.loadMessages(entry) : [];
    expect(user).toMatchObject({ role: "user", content: [{ type: "text", text: "what is this?" }, image] });
    // Recovery matches a message with images by its text, like any other.
    const work = inbox.byKey("k-img");
    expect(work && acceptedUserMessage(work).content).toEqual([
      { type: "text", text: "what is this?" },
      image,
    ]);
  });

  it("keeps a run queued when shutdown aborts it before it started, and runs it on the next start", async () => {
    const stateDir = mkdtempSync(join(tmpdir(), "claw-inbox-"));
    const first = boot(stateDir, [{ hang: true }]);
    const sessionKey = "agent:main:s";
    const running = await first.durable.accept({ idempotencyKey: "a", sessionKey, message: "first" });
    const queued = await first.durable.accept({ idempotencyKey: "b", sessionKey, message: "second" });
    first.durable.beginShutdown();
    await first.runtime.close();
    expect((await running.done).status).toBe("aborted");
    expect((await queued.done).status).toBe("aborted");
    expect(first.inbox.byKey("a")?.state).toBe("done");
    expect(first.inbox.byKey("b")?.state).toBe("queued");

    const second = boot(stateDir);
    expect(await second.durable.recover()).toMatchObject({ resumed: 1 });
    const again = await second.durable.accept({ idempotencyKey: "b", sessionKey, message: "second" });
    expect((await again.done).status).toBe("ok");
    expect(await userTexts(second.sessions, sessionKey)).toEqual(["first", "second"]);
  });

  it("forgets a message whose run could not start, so a retry can try again", async () => {
    const stateDir = mkdtempSync(join(tmpdir(), "claw-inbox-"));
    const inbox: RunInbox = openRunInbox(join(stateDir, "state.db"));
    cleanups.push(() => inbox.close());
    let fail = true;
    const { runtime } = fauxRuntime(["ok"]);
    cleanups.push(() => runtime.close());
    const durable = createDurableRuns({
      inbox,
      sessions: runtime.sessions,
      start: (work) => {
        if (fail) throw new Error("no such agent");
        return runtime.run({ ...work, message: acceptedUserMessage(work), runId: work.runId });
      },
    });
    const request = { idempotencyKey: "r", sessionKey: "agent:main:r", message: "x" };
    await expect(durable.accept(request)).rejects.toThrow("no such agent");
    expect(inbox.byKey("r")).toBeUndefined();
    fail = false;
    expect((await (await durable.accept(request)).done).status).toBe("ok");
  });
});
