import { describe, expect, it } from "vitest";
import { parseCommand } from "../src/commands/command-table.js";
import { freshenSession } from "../src/sessions/lifecycle/freshen.js";
import { planMaintenance, runSessionMaintenance } from "../src/sessions/lifecycle/maintenance.js";
import {
  type ResetSettings,
  resolveResetPolicy,
  type SessionType,
  sessionFreshness,
} from "../src/sessions/lifecycle/reset-policy.js";
import { describeSessionKey } from "../src/sessions/lifecycle/session-kind.js";
import { createMemorySessionStore } from "../src/sessions/memory-session-store.js";

const at = (day: number, hour: number, minute = 0) => new Date(2026, 0, day, hour, minute).getTime();

describe("reset policy (spec §10.5 and testable behaviours 33–36)", () => {
  const cases: {
    name: string;
    settings: ResetSettings;
    target: { type?: SessionType; channel?: string };
    updatedAt: number;
    now: number;
    stale: boolean;
    reason?: "daily" | "idle";
  }[] = [
    {
      name: "33a daily default: 03:59 → 04:01 resets",
      settings: {},
      target: { type: "direct" },
      updatedAt: at(5, 3, 59),
      now: at(5, 4, 1),
      stale: true,
      reason: "daily",
    },
    {
      name: "33b daily default: 04:01 → 23:00 same day keeps",
      settings: {},
      target: { type: "direct" },
      updatedAt: at(5, 4, 1),
      now: at(5, 23),
      stale: false,
    },
    {
      name: "daily default: 23:00 → 03:00 next day keeps (before 04:00)",
      settings: {},
      target: {},
      updatedAt: at(5, 23),
      now: at(6, 3),
      stale: false,
    },
    {
      name: "daily default: 23:00 → 05:00 next day resets",
      settings: {},
      target: {},
      updatedAt: at(5, 23),
      now: at(6, 5),
      stale: true,
      reason: "daily",
    },
    {
      name: "34 daily+idle 120: 09:00 → 11:05 resets by idle",
      settings: { reset: { mode: "daily", atHour: 4, idleMinutes: 120 } },
      target: { type: "direct" },
      updatedAt: at(5, 9),
      now: at(5, 11, 5),
      stale: true,
      reason: "idle",
    },
    {
      name: "34 daily+idle 120: 09:00 → 10:59 keeps",
      settings: { reset: { mode: "daily", atHour: 4, idleMinutes: 120 } },
      target: {},
      updatedAt: at(5, 9),
      now: at(5, 10, 59),
      stale: false,
    },
    {
      name: "daily+idle: whichever expires first (daily at 04:00 before idle at 05:00)",
      settings: { reset: { mode: "daily", atHour: 4, idleMinutes: 120 } },
      target: {},
      updatedAt: at(5, 3),
      now: at(5, 6),
      stale: true,
      reason: "daily",
    },
    {
      name: "35 legacy idleMinutes 30: no daily reset at 04:00",
      settings: { idleMinutes: 30 },
      target: { type: "direct" },
      updatedAt: at(5, 3, 50),
      now: at(5, 4, 10),
      stale: false,
    },
    {
      name: "35 legacy idleMinutes 30: resets after 30 idle minutes",
      settings: { idleMinutes: 30 },
      target: { type: "direct" },
      updatedAt: at(5, 3, 50),
      now: at(5, 4, 20),
      stale: true,
      reason: "idle",
    },
    {
      name: "36 byChannel discord idle 10080 beats byType group 120: 3 h idle keeps",
      settings: {
        resetByChannel: { discord: { mode: "idle", idleMinutes: 10080 } },
        resetByType: { group: { mode: "idle", idleMinutes: 120 } },
      },
      target: { type: "group", channel: "discord" },
      updatedAt: at(5, 9),
      now: at(5, 12),
      stale: false,
    },
    {
      name: "36 same config, a telegram group idle 3 h resets by type",
      settings: {
        resetByChannel: { discord: { mode: "idle", idleMinutes: 10080 } },
        resetByType: { group: { mode: "idle", idleMinutes: 120 } },
      },
      target: { type: "group", channel: "telegram" },
      updatedAt: at(5, 9),
      now: at(5, 12),
      stale: true,
      reason: "idle",
    },
    {
      name: "byType thread beats reset",
      settings: {
        reset: { mode: "daily", atHour: 3 },
        resetByType: { thread: { mode: "idle", idleMinutes: 60 } },
      },
      target: { type: "thread" },
      updatedAt: at(5, 1),
      now: at(5, 1, 59),
      stale: false,
    },
    {
      name: "custom atHour 6: 05:00 → 06:30 resets",
      settings: { reset: { mode: "daily", atHour: 6 } },
      target: {},
      updatedAt: at(5, 5),
      now: at(5, 6, 30),
      stale: true,
      reason: "daily",
    },
  ];
  it.each(cases)("$name", ({ settings, target, updatedAt, now, stale, reason }) => {
    const result = sessionFreshness(updatedAt, now, resolveResetPolicy(settings, target));
    expect(result.stale).toBe(stale);
    if (reason) expect(result.reason).toBe(reason);
  });

  it("resolves precedence: channel > type > reset > legacy idle > daily 04:00", () => {
    expect(resolveResetPolicy({}, {})).toEqual({ mode: "daily", atHour: 4 });
    expect(resolveResetPolicy({ idleMinutes: 30, resetByType: {} }, { type: "direct" })).toEqual({
      mode: "daily",
      atHour: 4,
    });
    expect(resolveResetPolicy({ reset: { mode: "daily" } }, {})).toEqual({ mode: "daily", atHour: 4 });
  });
});

describe("session keys (spec §10.4, §12.1)", () => {
  it.each([
    ["agent:main:main", { kind: "main", type: "direct" }],
    ["agent:main:dm:alice", { kind: "other", type: "direct" }],
    ["agent:main:telegram:dm:123", { kind: "other", type: "direct", channel: "telegram" }],
    ["agent:main:whatsapp:default:dm:+15550001", { kind: "other", type: "direct", channel: "whatsapp" }],
    ["agent:main:whatsapp:group:120363@g.us", { kind: "group", type: "group", channel: "whatsapp" }],
    ["agent:main:telegram:group:-100:topic:7", { kind: "group", type: "thread", channel: "telegram" }],
    ["agent:main:discord:channel:42", { kind: "group", type: "group", channel: "discord" }],
    ["cron:j1", { kind: "cron" }],
    ["hook:3f1e", { kind: "hook" }],
    ["node-abc", { kind: "node" }],
    ["agent:code-reviewer:subagent:abc123", { kind: "other", isSubagent: true, agentId: "code-reviewer" }],
  ] as const)("%s", (key, expected) => {
    expect(describeSessionKey(key)).toMatchObject(expected);
  });
});

describe("reset triggers (behaviour 37)", () => {
  it.each([
    ["/new", "new", ""],
    ["/reset summarise X", "reset", "summarise X"],
    ["/RESET", "reset", ""],
    ["/new opus", "new", "opus"],
  ])("%s → %s", (text, name, args) => {
    expect(parseCommand(text)).toMatchObject({ name, args });
  });
  it("/newish and inline /new are not commands; extra triggers map to reset", () => {
    expect(parseCommand("/newish")).toBeUndefined();
    expect(parseCommand("please /new")).toBeUndefined();
    expect(parseCommand("!fresh start over", ["/new", "/reset", "!fresh"])).toMatchObject({
      name: "reset",
      args: "start over",
    });
  });
});

describe("freshenSession", () => {
  it("resets a stale session on the next message and leaves fresh ones alone", async () => {
    let clock = at(5, 3, 59);
    const store = createMemorySessionStore(() => clock);
    const first = await store.resolve("agent:main:main", { agentId: "main" });
    clock = at(5, 4, 1);
    const result = await freshenSession(store, "agent:main:main", {}, clock);
    expect(result.expired).toMatchObject({ stale: true, reason: "daily" });
    expect(result.entry?.sessionId).not.toBe(first.sessionId);
    expect(result.previousSessionId).toBe(first.sessionId);
    const again = await freshenSession(store, "agent:main:main", {}, at(5, 23));
    expect(again.expired).toBeUndefined();
    expect(again.entry?.sessionId).toBe(result.entry?.sessionId);
  });

  it("never expires subagent or cron sessions, and ignores missing keys", async () => {
    const store = createMemorySessionStore(() => at(1, 0));
    await store.resolve("agent:main:subagent:x", { agentId: "main" });
    expect((await freshenSession(store, "agent:main:subagent:x", {}, at(9, 0))).expired).toBeUndefined();
    expect((await freshenSession(store, "agent:main:nope", {}, at(9, 0))).entry).toBeUndefined();
  });
});

describe("maintenance", () => {
  const entry = (key: string, updatedAt: number) => ({
    sessionKey: key,
    sessionId: key,
    agentId: "main",
    createdAt: 0,
    updatedAt,
  });
  const day = 86_400_000;

  it("prunes by age and by max entries, rotates large transcripts, never touches active sessions", () => {
    const now = 100 * day;
    const entries = [
      entry("old", now - 40 * day),
      entry("old-active", now - 50 * day),
      entry("a", now - day),
      entry("b", now - 2 * day),
      entry("c", now - 3 * day),
      entry("big", now),
    ];
    const plan = planMaintenance(
      entries,
      { now, isActive: (k) => k === "old-active", sizeOf: (e) => (e.sessionKey === "big" ? 20_000_000 : 10) },
      { pruneAfterDays: 30, maxEntries: 3 },
    );
    expect(plan.prune).toEqual([
      { sessionKey: "c", reason: "max_entries" },
      { sessionKey: "old", reason: "age" },
    ]);
    expect(plan.rotate).toEqual([{ sessionKey: "big", bytes: 20_000_000 }]);
    expect(plan.skippedActive).toEqual(["old-active"]);
  });

  it("applies the plan through the store", async () => {
    let clock = 0;
    const store = createMemorySessionStore(() => clock);
    await store.resolve("stale", { agentId: "main" });
    clock = 40 * day;
    const busy = await store.resolve("busy", { agentId: "main" });
    const big = await store.resolve("big", { agentId: "main" });
    clock = 41 * day;
    const plan = await runSessionMaintenance(store, {
      now: clock,
      isActive: (k) => k === "busy",
      sizeOf: (e) => (e.sessionKey === "big" ? 11 * 1024 * 1024 : 1),
    });
    expect(plan.prune.map((p) => p.sessionKey)).toEqual(["stale"]);
    expect(await store.get("stale")).toBeUndefined();
    expect((await store.get("busy"))?.sessionId).toBe(busy.sessionId);
    expect((await store.get("big"))?.sessionId).not.toBe(big.sessionId);
  });
});
