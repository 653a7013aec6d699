// biome-ignore-all lint/suspicious/noTemplateCurlyInString: these strings are literal ${ENV} references in config text
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { getAtPath, parseConfigPath, setAtPath, unsetAtPath } from "./config-path-access.js";
import { REDACTED, redactConfig } from "./redact.js";
import { writeConfigFile } from "./write-config.js";

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "claw-write-"));
});
afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

describe("writeConfigFile", () => {
  it("creates the dir and file (0600), then keeps the previous file as .bak, leaving no temp files", () => {
    const path = join(root, "state", "claw.json");
    expect(writeConfigFile(path, { a: 1 }).backupPath).toBeUndefined();
    expect(statSync(path).mode & 0o777).toBe(0o600);
    const second = writeConfigFile(path, { a: 2 });
    expect(second.backupPath).toBe(`${path}.bak`);
    expect(JSON.parse(readFileSync(path, "utf8"))).toEqual({ a: 2 });
    expect(JSON.parse(readFileSync(`${path}.bak`, "utf8"))).toEqual({ a: 1 });
    expect(readdirSync(join(root, "state")).sort()).toEqual(["claw.json", "claw.json.bak"]);
  });
});

describe("redactConfig", () => {
  it.each([
    {
      input: { gateway: { auth: { token: "abc", mode: "token" } } },
      expected: { gateway: { auth: { token: REDACTED, mode: "token" } } },
    },
    {
      input: { models: { providers: { o: { apiKey: "sk-1", baseUrl: "http://x" } } } },
      expected: { models: { providers: { o: { apiKey: REDACTED, baseUrl: "http://x" } } } },
    },
    {
      input: { channels: { slack: { botToken: "x", appToken: "y", signingSecret: "z" } } },
      expected: { channels: { slack: { botToken: REDACTED, appToken: REDACTED, signingSecret: REDACTED } } },
    },
    {
      input: { gateway: { auth: { password: "hunter2" } } },
      expected: { gateway: { auth: { password: REDACTED } } },
    },
    { input: { m: { apiKey: "${OPENAI_API_KEY}" } }, expected: { m: { apiKey: "${OPENAI_API_KEY}" } } },
    {
      input: { remote: { headers: { Authorization: "Bearer x" } } },
      expected: { remote: { headers: { Authorization: REDACTED } } },
    },
    {
      input: { session: { mainKey: "main" }, tokens: 5 },
      expected: { session: { mainKey: "main" }, tokens: 5 },
    },
  ])("$input", ({ input, expected }) => {
    expect(redactConfig(input)).toEqual(expected);
  });
});

describe("config paths", () => {
  it.each([
    { path: "gateway.port", segments: ["gateway", "port"] },
    { path: "agents.list[0].model", segments: ["agents", "list", 0, "model"] },
    { path: "agents.list.1.id", segments: ["agents", "list", 1, "id"] },
    {
      path: 'models.providers["my.local"].baseUrl',
      segments: ["models", "providers", "my.local", "baseUrl"],
    },
  ])("$path", ({ path, segments }) => {
    expect(parseConfigPath(path)).toEqual(segments);
  });

  it.each(["", ".a", "a..b", "a[x]"])("rejects %j", (path) => {
    expect(() => parseConfigPath(path)).toThrow(/is not valid/);
  });

  it("get, set (creating parents) and unset without mutating the input", () => {
    const document = { gateway: { port: 1 } };
    const next = setAtPath(document, ["agents", "list", 0, "id"], "main");
    expect(next).toEqual({ gateway: { port: 1 }, agents: { list: [{ id: "main" }] } });
    expect(document).toEqual({ gateway: { port: 1 } });
    expect(getAtPath(next, ["agents", "list", 0, "id"])).toBe("main");
    expect(unsetAtPath(next, ["gateway", "port"])).toEqual({
      gateway: {},
      agents: { list: [{ id: "main" }] },
    });
  });
});
