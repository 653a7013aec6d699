import { describe, expect, it } from "vitest";
import type { ClawConfig } from "../schema/config.js";
import { validateConfig } from "../validate/validate-config.js";
import { resolveElevated, resolveExecPolicy } from "./exec-policy.js";

function config(document: object): ClawConfig {
  const result = validateConfig(document);
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return result.config;
}

describe("resolveExecPolicy", () => {
  const unsandboxed = "default (not the main session and not sandboxed: every command needs approval)";
  const sandboxed = "default (not the main session, sandboxed by agents.defaults.sandbox)";
  it.each([
    ["off", "agent:main:main", "full", "off", "default (main session)"],
    ["off", "agent:main:telegram:group:-100", "allowlist", "always", unsandboxed],
    ["off", "agent:main:telegram:dm:42", "allowlist", "always", unsandboxed],
    ["off", "agent:main:cron:job-1", "allowlist", "always", unsandboxed],
    ["off", "agent:main:subagent:abc", "allowlist", "always", unsandboxed],
    ["off", undefined, "allowlist", "always", unsandboxed],
    ["non-main", "agent:main:main", "full", "off", "default (main session)"],
    ["non-main", "agent:main:telegram:group:-100", "allowlist", "on-miss", sandboxed],
    ["non-main", "agent:main:telegram:dm:42", "allowlist", "on-miss", sandboxed],
    ["non-main", undefined, "allowlist", "on-miss", sandboxed],
    // Sandboxed main session: still the owner's own session, so the main default.
    ["all", "agent:main:main", "full", "off", "default (main session)"],
    ["all", "agent:main:cron:job-1", "allowlist", "on-miss", sandboxed],
  ] as const)("sandbox %s, defaults for %s: %s + %s", (mode, sessionKey, security, ask, source) => {
    expect(
      resolveExecPolicy(config({ agents: { defaults: { sandbox: { mode } } } }), "main", sessionKey),
    ).toEqual({ security, ask, source: { security: source, ask: source } });
  });

  it("names the agent's own sandbox when it sandboxes the session", () => {
    const cfg = config({ agents: { list: [{ id: "main" }, { id: "ops", sandbox: { mode: "all" } }] } });
    expect(resolveExecPolicy(cfg, "ops", "agent:ops:telegram:dm:7").source.ask).toBe(
      "default (not the main session, sandboxed by agents.list[1].sandbox)",
    );
    expect(resolveExecPolicy(cfg, "main", "agent:main:telegram:dm:7").ask).toBe("always");
  });

  it("explicit config wins over the unsandboxed default", () => {
    const cfg = config({ tools: { exec: { ask: "on-miss" } } });
    expect(resolveExecPolicy(cfg, "main", "agent:main:telegram:dm:42")).toEqual({
      security: "allowlist",
      ask: "on-miss",
      source: { security: unsandboxed, ask: "tools.exec.ask" },
    });
  });

  it("the most specific setting wins, per field, and names its source", () => {
    const cfg = config({
      tools: { exec: { security: "deny", ask: "always" } },
      agents: {
        defaults: { tools: { exec: { ask: "on-miss" } } },
        list: [{ id: "main" }, { id: "ops", tools: { exec: { security: "full" } } }],
      },
    });
    expect(resolveExecPolicy(cfg, "main", "agent:main:main")).toEqual({
      security: "deny",
      ask: "on-miss",
      source: { security: "tools.exec.security", ask: "agents.defaults.tools.exec.ask" },
    });
    expect(resolveExecPolicy(cfg, "ops", "agent:ops:main")).toMatchObject({
      security: "full",
      source: { security: "agents.list[1].tools.exec.security" },
    });
  });

  it("rejects unknown modes with the path", () => {
    const result = validateConfig({ tools: { exec: { security: "yolo" } } });
    expect(result.ok).toBe(false);
    expect(JSON.stringify(!result.ok && result.issues)).toContain("tools.exec.security");
  });
});

describe("resolveElevated", () => {
  it("is off by default", () => {
    expect(resolveElevated(config({}), "main", "agent:main:main")).toEqual({
      allowed: false,
      reason: "tools.elevated.enabled is off",
    });
  });

  it("when enabled: the main session and listed senders only", () => {
    const cfg = config({ tools: { elevated: { enabled: true, allowFrom: { telegram: ["42"] } } } });
    expect(resolveElevated(cfg, "main", "agent:main:main").allowed).toBe(true);
    expect(resolveElevated(cfg, "main", "agent:main:telegram:dm:42").allowed).toBe(true);
    expect(resolveElevated(cfg, "main", "agent:main:telegram:dm:7")).toMatchObject({
      allowed: false,
      reason: "sender 7 is not in tools.elevated.allowFrom.telegram",
    });
    expect(resolveElevated(cfg, "main", "agent:main:telegram:group:-1").allowed).toBe(false);
  });
});
