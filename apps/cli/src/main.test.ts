// biome-ignore-all lint/suspicious/noTemplateCurlyInString: these strings are literal ${ENV} references in config text
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { CliIo } from "./io.js";
import { cliVersion, run } from "./main.js";

let home: string;
beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), "claw-cli-"));
});
afterEach(() => {
  rmSync(home, { recursive: true, force: true });
});

async function claw(argv: string[], env: Record<string, string> = {}) {
  let stdout = "";
  let stderr = "";
  const io: CliIo = {
    stdout: (t) => {
      stdout += t;
    },
    stderr: (t) => {
      stderr += t;
    },
    env,
    homeDir: home,
    isTTY: false,
  };
  const code = await run(argv, io);
  return { code, stdout, stderr };
}

function writeConfig(text: string, dir = ".claw") {
  mkdirSync(join(home, dir), { recursive: true });
  writeFileSync(join(home, dir, "claw.json"), text);
}

describe("dispatcher", () => {
  it.each([
    { argv: ["--help"], code: 0, out: /Usage: claw \[--profile NAME\] <command>/ },
    { argv: [], code: 0, out: /Commands:\n {2}onboard[^\n]*\n {2}gateway/ },
    { argv: ["--version"], code: 0, out: new RegExp(`^${cliVersion().replace(/\./g, "\\.")}\n$`) },
    { argv: ["-V"], code: 0, out: /^\d+\.\d+\.\d+/ },
    { argv: ["config", "--help"], code: 0, out: /claw config validate/ },
    { argv: ["config", "get", "--help"], code: 0, out: /Usage: claw config get/ },
  ])("$argv → exit $code", async ({ argv, code, out }) => {
    const result = await claw(argv);
    expect(result.code).toBe(code);
    expect(result.stdout).toMatch(out);
  });

  it.each([
    { argv: ["confg"], err: 'claw: unknown command "confg" (did you mean "config"?)\n' },
    { argv: ["--verbose"], err: "claw: unknown option --verbose (run `claw --help` for the options)\n" },
    {
      argv: ["config", "valdate"],
      err: 'claw: unknown subcommand "config valdate" (did you mean "validate"?)\n',
    },
    {
      argv: ["config", "get", "--jsn"],
      err: 'claw: unknown option --jsn for "claw config get" (did you mean "--json"?)\n',
    },
    {
      argv: ["config", "set", "gateway.port"],
      err: "claw: config set needs PATH and VALUE (e.g. claw config set gateway.port 18790)\n",
    },
    { argv: ["--profile"], err: "claw: --profile needs a name (e.g. --profile work)\n" },
  ])("usage error $argv → one line, exit 2", async ({ argv, err }) => {
    const result = await claw(argv);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(err);
  });

  it("respects NO_COLOR and non-TTY output (no escape codes)", async () => {
    const result = await claw(["--help"], { NO_COLOR: "1" });
    expect(result.stdout).not.toContain("\u001b[");
  });
});

describe("config validate", () => {
  it("no file → says so clearly, exit 0", async () => {
    const result = await claw(["config", "validate"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(
      `no config file at ${join(home, ".claw", "claw.json")}; using the built-in defaults`,
    );
  });

  it("valid file → ✓, exit 0", async () => {
    writeConfig("{ gateway: { port: 9000 } }");
    const result = await claw(["config", "validate"]);
    expect(result).toMatchObject({ code: 0, stdout: `✓ ${join(home, ".claw", "claw.json")} is valid\n` });
  });

  it("invalid file → every problem, exit 1", async () => {
    writeConfig(
      "{ gatway: {}, session: { dmScope: 'per-peers' }, agents: { list: [{ id: 'a' }, { id: 'a' }] } }",
    );
    const result = await claw(["config", "validate"]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain("has 2 problems");
    expect(result.stdout).toContain('gatway is not a known key — did you mean "gateway"?');
    expect(result.stdout).toContain('did you mean "per-peer"?');
  });

  it("an unknown model is an error with the nearest catalog model; any Ollama model is fine", async () => {
    writeConfig(
      "{ agents: { defaults: { model: { primary: 'anthropic/claude-opsu-4-6', fallbacks: ['ollama/qwen3:8b'] } } } }",
    );
    const result = await claw(["config", "validate"]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(
      'agents.defaults.model.primary "anthropic/claude-opsu-4-6" is not a known model — did you mean "anthropic/claude-opus-4-6"?',
    );
    expect(result.stdout).not.toContain("ollama/qwen3:8b");
  });

  it("--json reports issues as data", async () => {
    writeConfig("{ gateway: { port: 'x' } }");
    const result = await claw(["config", "validate", "--json"]);
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout)).toMatchObject({
      ok: false,
      issues: [{ path: "gateway.port", value: "x" }],
    });
  });

  it("a JSON5 syntax error shows file:line:column", async () => {
    writeConfig("{\n  gateway: { port: 1 }\n  logging: {}\n}");
    const result = await claw(["config", "validate"]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(`${join(home, ".claw", "claw.json")}:3:3`);
  });

  it("--profile and CLAW_CONFIG_PATH pick the file", async () => {
    writeConfig("{ gateway: { port: 'bad' } }", ".claw-work");
    expect((await claw(["--profile", "work", "config", "validate"])).code).toBe(1);
    expect((await claw(["config", "validate", "--profile=work"])).code).toBe(1);
    const elsewhere = join(home, "other.json5");
    writeFileSync(elsewhere, "{}");
    expect((await claw(["config", "path"], { CLAW_CONFIG_PATH: elsewhere })).stdout).toBe(`${elsewhere}\n`);
  });
});

describe("config get / set / unset", () => {
  it("set refuses a model name with a typo and writes nothing", async () => {
    const result = await claw(["config", "set", "agents.defaults.model", "anthropic/claude-opsu-4-6"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('did you mean "anthropic/claude-opus-4-6"?');
    expect(existsSync(join(home, ".claw", "claw.json"))).toBe(false);
  });

  it("get prints defaults when there is no file; objects as JSON", async () => {
    expect((await claw(["config", "get", "gateway.port"])).stdout).toBe("18789\n");
    expect(JSON.parse((await claw(["config", "get", "gateway.auth"])).stdout)).toEqual({
      mode: "token",
      dangerouslyAllowNoAuth: false,
    });
  });

  it("get redacts secrets", async () => {
    writeConfig('{ gateway: { auth: { token: "s3cret" } } }');
    const result = await claw(["config", "get", "gateway", "--json"]);
    expect(result.stdout).not.toContain("s3cret");
    expect(JSON.parse(result.stdout).auth.token).toBe("__REDACTED__");
  });

  it("get of an unknown path hints the nearest key; unset optional value exits 1", async () => {
    const unknown = await claw(["config", "get", "gateway.prot"]);
    expect(unknown).toMatchObject({
      code: 1,
      stderr: 'claw: config path gateway.prot is not a known key (did you mean "port"?)\n',
    });
    const unset = await claw(["config", "get", "agents.defaults.workspace"]);
    expect(unset).toMatchObject({ code: 1, stderr: "claw: agents.defaults.workspace is not set\n" });
  });

  it("set writes atomically with a .bak, keeps ${ENV} references, parses JSON5 values", async () => {
    writeConfig("{ models: { providers: { openai: { apiKey: '${OPENAI_API_KEY}' } } } }");
    const env = { OPENAI_API_KEY: "sk-x" };
    expect((await claw(["config", "set", "gateway.port", "9001"], env)).code).toBe(0);
    expect(
      (await claw(["config", "set", "agents.defaults.model", "{primary: 'openai/gpt-4o'}"], env)).code,
    ).toBe(0);
    expect((await claw(["config", "set", "agents.defaults.workspace", "~/w"], env)).code).toBe(0);
    const path = join(home, ".claw", "claw.json");
    const written = JSON.parse(readFileSync(path, "utf8"));
    expect(written).toEqual({
      models: { providers: { openai: { apiKey: "${OPENAI_API_KEY}" } } },
      gateway: { port: 9001 },
      agents: { defaults: { model: { primary: "openai/gpt-4o" }, workspace: "~/w" } },
    });
    expect(JSON.parse(readFileSync(`${path}.bak`, "utf8")).agents.defaults.model).toEqual({
      primary: "openai/gpt-4o",
    });
  });

  it("set refuses to write an invalid result and leaves the file alone", async () => {
    writeConfig("{ gateway: { port: 1 } }");
    const result = await claw(["config", "set", "gateway.auth.mode", "nope"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("not written");
    expect(readFileSync(join(home, ".claw", "claw.json"), "utf8")).toBe("{ gateway: { port: 1 } }");
  });

  it("--string keeps a numeric-looking value as text; unset removes a key", async () => {
    expect((await claw(["config", "set", "session.mainKey", "42", "--string"])).code).toBe(0);
    expect((await claw(["config", "get", "session.mainKey", "--json"])).stdout).toBe('"42"\n');
    expect((await claw(["config", "unset", "session.mainKey"])).code).toBe(0);
    expect((await claw(["config", "get", "session.mainKey"])).stdout).toBe("main\n");
  });
});

describe("config schema / path", () => {
  it("schema prints a JSON Schema", async () => {
    const schema = JSON.parse((await claw(["config", "schema"])).stdout);
    expect(schema.$schema).toContain("json-schema.org");
    expect(schema.properties.gateway.properties.port.default).toBe(18789);
  });

  it("path --json", async () => {
    expect(JSON.parse((await claw(["config", "path", "--json"])).stdout)).toEqual({
      stateDir: join(home, ".claw"),
      configPath: join(home, ".claw", "claw.json"),
      profile: undefined,
      exists: false,
    });
  });
});
