import { describe, expect, it } from "vitest";
import type { ClawConfig } from "../schema/config.js";
import { validateConfig } from "../validate/validate-config.js";
import { isSandboxConfigured, resolveSessionSandbox, sandboxToolRules } from "./sandbox.js";

function config(document: object): ClawConfig {
  const result = validateConfig(document);
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return result.config;
}

describe("resolveSessionSandbox", () => {
  it.each([
    ["off", "agent:main:main", false],
    ["off", "agent:main:telegram:group:7", false],
    ["non-main", "agent:main:main", false],
    ["non-main", "agent:main:telegram:group:7", true],
    ["non-main", "agent:main:subagent:abc", true],
    ["all", "agent:main:main", true],
    ["non-main", undefined, true],
  ] as const)("mode %s, session %s → sandboxed %s", (mode, sessionKey, sandboxed) => {
    const cfg = config({ agents: { defaults: { sandbox: { mode } } } });
    expect(resolveSessionSandbox(cfg, "main", sessionKey) !== undefined).toBe(sandboxed);
  });

  it("honours session.mainKey when deciding what the main session is", () => {
    const cfg = config({
      session: { mainKey: "home" },
      agents: { defaults: { sandbox: { mode: "non-main" } } },
    });
    expect(resolveSessionSandbox(cfg, "main", "agent:main:home")).toBeUndefined();
    expect(resolveSessionSandbox(cfg, "main", "agent:main:main")).toBeDefined();
  });

  it("defaults to a closed network and a read-write workspace, and names its source", () => {
    const cfg = config({ agents: { defaults: { sandbox: { mode: "all", tools: { deny: ["exec"] } } } } });
    expect(resolveSessionSandbox(cfg, "main", "agent:main:main")).toEqual({
      workspaceAccess: "rw",
      network: false,
      tools: { deny: ["exec"] },
      source: "agents.defaults.sandbox",
    });
  });

  it("an agent's own sandbox replaces the defaults", () => {
    const cfg = config({
      agents: {
        defaults: { sandbox: { mode: "all" } },
        list: [
          { id: "main" },
          { id: "free", sandbox: { mode: "off" } },
          {
            id: "ro",
            sandbox: { mode: "all", workspaceAccess: "ro", network: true, limits: { cpuSeconds: 5 } },
          },
        ],
      },
    });
    expect(resolveSessionSandbox(cfg, "main", "agent:main:main")?.source).toBe("agents.defaults.sandbox");
    expect(resolveSessionSandbox(cfg, "free", "agent:free:main")).toBeUndefined();
    expect(resolveSessionSandbox(cfg, "ro", "agent:ro:main")).toMatchObject({
      workspaceAccess: "ro",
      network: true,
      limits: { cpuSeconds: 5 },
      source: "agents.list[2].sandbox",
    });
  });
});

describe("sandbox.user", () => {
  it("passes the configured uid and gid through", () => {
    const cfg = config({
      agents: { defaults: { sandbox: { mode: "all", user: { uid: 2000000100, gid: 2000000200 } } } },
    });
    expect(resolveSessionSandbox(cfg, "main", "agent:main:main")?.user).toEqual({
      uid: 2000000100,
      gid: 2000000200,
    });
  });

  it.each([
    [{ uid: 0, gid: 2000000000 }, "uid"],
    [{ uid: 2000000000, gid: 0 }, "gid"],
    [{ uid: 2000000000 }, "gid"],
    [{ uid: 4294967295, gid: 5 }, "uid"],
    [{ uid: 5, gid: 5, name: "x" }, "name"],
  ])("refuses %j (root, missing, out of range or unknown keys)", (user, key) => {
    const result = validateConfig({ agents: { defaults: { sandbox: { mode: "all", user } } } });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(JSON.stringify(result.issues)).toContain(key);
  });
});

describe("isSandboxConfigured", () => {
  it.each([
    [{}, false],
    [{ agents: { defaults: { sandbox: { mode: "non-main" } } } }, true],
    [{ agents: { list: [{ id: "a" }, { id: "b", sandbox: { mode: "all" } }] } }, true],
    [{ agents: { list: [{ id: "a", sandbox: { mode: "off" } }] } }, false],
  ])("%j → %s", (document, expected) => {
    expect(isSandboxConfigured(config(document))).toBe(expected);
  });
});

describe("sandboxToolRules", () => {
  it("is the sandbox.tools layer with its source, only for a sandboxed session", () => {
    const cfg = config({
      agents: { defaults: { sandbox: { mode: "non-main", tools: { deny: ["exec"] } } } },
    });
    expect(sandboxToolRules(resolveSessionSandbox(cfg, "main", "agent:main:main"))).toBeUndefined();
    expect(sandboxToolRules(resolveSessionSandbox(cfg, "main", "agent:main:discord:group:1"))).toEqual({
      deny: ["exec"],
      source: "agents.defaults.sandbox.tools",
    });
  });

  it.each([
    ["ro", ["write", "edit", "apply_patch"]],
    ["none", ["read", "write", "edit", "apply_patch", "ls", "find", "grep"]],
  ] as const)("workspaceAccess %s removes the file tools it cannot back", (workspaceAccess, denied) => {
    const cfg = config({
      agents: { defaults: { sandbox: { mode: "all", workspaceAccess, tools: { deny: ["exec"] } } } },
    });
    expect(sandboxToolRules(resolveSessionSandbox(cfg, "main", "agent:main:main"))).toEqual({
      deny: ["exec", ...denied],
      source: `agents.defaults.sandbox.tools (with workspaceAccess "${workspaceAccess}")`,
    });
  });
});
