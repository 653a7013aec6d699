import { describe, expect, it } from "vitest";
import { COMMANDS, parseCommand } from "../src/commands/command-table.js";
import { handleCommand } from "../src/commands/handle-command.js";
import { matchModel } from "../src/commands/model-match.js";
import { GREETING_PROMPT } from "../src/commands/session-commands.js";
import type { QueueCommandSupport } from "../src/commands/types.js";
import { fauxRuntime } from "./helpers.js";

const KEY = "agent:main:main";
const models = {
  refs: ["anthropic/claude-opus-4-6", "anthropic/claude-sonnet-4-5", "openai/gpt-5"],
  aliases: { opus: "anthropic/claude-opus-4-6" },
};

describe("command table and parser", () => {
  it("every command in the table parses as itself, and plain text is not a command", () => {
    for (const c of COMMANDS) expect(parseCommand(`/${c.name} x`)?.name).toBe(c.name);
    expect(parseCommand("hello")).toBeUndefined();
    expect(parseCommand("/unknown")).toBeUndefined();
  });

  it.each([
    ["opus", "anthropic/claude-opus-4-6"],
    ["openai", "openai/gpt-5"],
    ["sonnet", "anthropic/claude-sonnet-4-5"],
    ["ANTHROPIC/CLAUDE-OPUS-4-6", "anthropic/claude-opus-4-6"],
  ])("matchModel(%s) → %s", (input, ref) => {
    expect(matchModel(input, models)).toEqual({ ref });
  });
  it("an ambiguous or unknown model explains itself", () => {
    expect(matchModel("claude", models)).toEqual({ error: expect.stringContaining("matches several") });
    expect(matchModel("llama", models)).toEqual({ error: expect.stringContaining("known models") });
  });
});

describe("handleCommand", () => {
  it("returns undefined for non-commands", async () => {
    const { runtime } = fauxRuntime([]);
    expect(await handleCommand(runtime, KEY, "what is /status?")).toBeUndefined();
  });

  it("/new alone resets and asks for a greeting turn; /new <alias> sets the model (behaviours 37, 38)", async () => {
    const { runtime } = fauxRuntime([]);
    const before = await runtime.sessions.resolve(KEY, { agentId: "main" });
    const bare = await handleCommand(runtime, KEY, "/new");
    expect(bare?.passThrough).toBe(GREETING_PROMPT);
    const afterBare = await runtime.sessions.get(KEY);
    expect(afterBare?.sessionId).not.toBe(before.sessionId);
    const withModel = await handleCommand(runtime, KEY, "/new opus write a poem", { models });
    expect(withModel?.text).toContain("anthropic/claude-opus-4-6");
    expect(withModel?.passThrough).toBe("write a poem");
    const entry = await runtime.sessions.get(KEY);
    expect(entry?.modelOverride).toBe("anthropic/claude-opus-4-6");
    expect(entry?.sessionId).not.toBe(afterBare?.sessionId);
    expect((await handleCommand(runtime, KEY, "/new hello there", { models }))?.passThrough).toBe(
      "hello there",
    );
  });

  it("/model sets, shows and clears the override; unknown models are refused", async () => {
    const { runtime, ref } = fauxRuntime([]);
    expect((await handleCommand(runtime, KEY, "/model"))?.text).toBe(`Model: ${ref} (agent default)`);
    expect((await handleCommand(runtime, KEY, "/model opus@work", { models }))?.text).toBe(
      "Model set to anthropic/claude-opus-4-6 (auth profile work).",
    );
    expect(await runtime.sessions.get(KEY)).toMatchObject({
      modelOverride: "anthropic/claude-opus-4-6",
      authProfileId: "work",
    });
    expect((await handleCommand(runtime, KEY, "/model llama", { models }))?.error).toBe(true);
    await handleCommand(runtime, KEY, "/model default");
    expect((await runtime.sessions.get(KEY))?.modelOverride).toBeUndefined();
  });

  it("/think validates levels and persists them", async () => {
    const { runtime } = fauxRuntime([]);
    expect((await handleCommand(runtime, KEY, "/think high"))?.text).toBe("Thinking set to high.");
    expect((await runtime.sessions.get(KEY))?.thinkingOverride).toBe("high");
    expect((await handleCommand(runtime, KEY, "/think extreme"))?.error).toBe(true);
    expect((await handleCommand(runtime, KEY, "/think"))?.text).toBe("Thinking: high");
  });

  it("/queue stores what the queue vocabulary parses; /status shows it; without one /queue is refused", async () => {
    const { runtime } = fauxRuntime([]);
    // The real vocabulary is @claw/channels' queueCommandSupport (tested there end to end).
    const queue: QueueCommandSupport = {
      parse: (args) =>
        args === "reset" ? { reset: true } : args === "bad" ? { error: "no" } : { settings: { mode: args } },
      describe: (override) => `described ${JSON.stringify(override ?? null)}`,
    };
    await handleCommand(runtime, KEY, "/queue collect", { queue });
    expect((await runtime.sessions.get(KEY))?.flags?.queue).toEqual({ mode: "collect" });
    expect((await handleCommand(runtime, KEY, "/status", { queue }))?.text).toContain(
      'Queue: described {"mode":"collect"}',
    );
    expect((await handleCommand(runtime, KEY, "/queue bad", { queue }))?.text).toBe("/queue: no.");
    await handleCommand(runtime, KEY, "/queue reset", { queue });
    expect((await runtime.sessions.get(KEY))?.flags?.queue).toBeUndefined();
    const refused = await handleCommand(runtime, KEY, "/queue collect");
    expect(refused).toMatchObject({
      error: true,
      text: "/queue: this surface has no inbound message queue.",
    });
    expect((await handleCommand(runtime, KEY, "/status"))?.text).not.toContain("Queue:");
  });

  it("/send is owner-only and toggles on, off and inherit (behaviour 40)", async () => {
    const { runtime } = fauxRuntime([]);
    expect((await handleCommand(runtime, KEY, "/send off"))?.text).toBe(
      "Only the owner can change the send policy.",
    );
    await handleCommand(runtime, KEY, "/send off", { senderIsOwner: true });
    expect((await runtime.sessions.get(KEY))?.flags?.sendPolicy).toBe("deny");
    await handleCommand(runtime, KEY, "/send on", { senderIsOwner: true });
    expect((await runtime.sessions.get(KEY))?.flags?.sendPolicy).toBe("allow");
    await handleCommand(runtime, KEY, "/send inherit", { senderIsOwner: true });
    expect((await runtime.sessions.get(KEY))?.flags?.sendPolicy).toBeUndefined();
  });

  it("/status, /context and /compact report plainly", async () => {
    const { runtime } = fauxRuntime(["Hello!"]);
    await runtime.run({ sessionKey: KEY, message: "hi there" }).result;
    const status = await handleCommand(runtime, KEY, "/status");
    expect(status?.text).toMatch(/🧹 Compactions: 0/);
    expect(status?.text).toMatch(/Run: idle/);
    const context = await handleCommand(runtime, KEY, "/context list");
    expect(context?.text).toContain("Messages: 2 (user 1, assistant 1)");
    expect((await handleCommand(runtime, KEY, "/compact"))?.error).toBe(true);
    const compacted = await handleCommand(runtime, KEY, "/compact keep names", {
      compact: async (_key, instructions) => `Compacted (${instructions}).`,
    });
    expect(compacted?.text).toBe("Compacted (keep names).");
  });

  it("/stop with nothing running says so", async () => {
    const { runtime } = fauxRuntime([]);
    expect((await handleCommand(runtime, KEY, "/stop"))?.text).toMatch(/^Nothing to stop/);
  });
});

describe("/reset during a run", () => {
  it("aborts the running turn and waits for it before starting the new session", async () => {
    const { fauxRuntime } = await import("./helpers.js");
    const { handleCommand } = await import("../src/index.js");
    const { runtime } = fauxRuntime([{ hang: true }]);
    const run = runtime.run({ sessionKey: "agent:main:main", message: "long job" });
    await new Promise<void>((resolve) => {
      const off = runtime.subscribe((e) => {
        if (e.stream === "lifecycle" && e.data.phase === "start") {
          off();
          resolve();
        }
      });
    });
    const reply = await handleCommand(runtime, "agent:main:main", "/reset");
    expect((await run.result).status).toBe("aborted");
    expect(reply?.text).toMatch(/New session started/);
    const entry = await runtime.sessions.get("agent:main:main");
    expect(await runtime.sessions.loadMessages(entry!)).toEqual([]);
  });
});
