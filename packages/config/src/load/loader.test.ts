// biome-ignore-all lint/suspicious/noTemplateCurlyInString: these strings are literal ${ENV} references in config text
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ConfigError, type ConfigIssue } from "../validate/issue.js";
import { substituteEnv } from "./env-substitution.js";
import { loadWithIncludes } from "./includes.js";
import { loadConfig } from "./load-config.js";
import { resolveConfigPaths } from "./paths.js";

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "claw-config-"));
});
afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

function write(relative: string, text: string): string {
  const path = join(root, relative);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
  return path;
}

function issuesOf(run: () => unknown): ConfigIssue[] {
  try {
    run();
  } catch (error) {
    if (error instanceof ConfigError) return error.issues;
    throw error;
  }
  throw new Error("expected a ConfigError");
}

describe("resolveConfigPaths", () => {
  const home = "/home/u";
  it.each([
    {
      name: "defaults",
      env: {},
      profile: undefined,
      state: "/home/u/.claw",
      config: "/home/u/.claw/claw.json",
    },
    {
      name: "CLAW_STATE_DIR",
      env: { CLAW_STATE_DIR: "/srv/claw" },
      profile: undefined,
      state: "/srv/claw",
      config: "/srv/claw/claw.json",
    },
    {
      name: "CLAW_STATE_DIR with ~",
      env: { CLAW_STATE_DIR: "~/st" },
      profile: undefined,
      state: "/home/u/st",
      config: "/home/u/st/claw.json",
    },
    {
      name: "CLAW_CONFIG_PATH",
      env: { CLAW_CONFIG_PATH: "/etc/claw.json5" },
      profile: undefined,
      state: "/home/u/.claw",
      config: "/etc/claw.json5",
    },
    {
      name: "--profile",
      env: {},
      profile: "work",
      state: "/home/u/.claw-work",
      config: "/home/u/.claw-work/claw.json",
    },
    {
      name: "--profile beats CLAW_STATE_DIR",
      env: { CLAW_STATE_DIR: "/srv" },
      profile: "work",
      state: "/home/u/.claw-work",
      config: "/home/u/.claw-work/claw.json",
    },
    {
      name: "CLAW_PROFILE",
      env: { CLAW_PROFILE: "dev" },
      profile: undefined,
      state: "/home/u/.claw-dev",
      config: "/home/u/.claw-dev/claw.json",
    },
    {
      name: "profile default",
      env: {},
      profile: "default",
      state: "/home/u/.claw",
      config: "/home/u/.claw/claw.json",
    },
  ])("$name", ({ env, profile, state, config }) => {
    const paths = resolveConfigPaths({ env, homeDir: home, ...(profile ? { profile } : {}) });
    expect(paths.stateDir).toBe(state);
    expect(paths.configPath).toBe(config);
  });

  it("rejects a profile name that cannot be a folder suffix", () => {
    expect(() => resolveConfigPaths({ env: {}, homeDir: home, profile: "../x" })).toThrow(
      /profile name "..\/x" is not valid/,
    );
  });
});

describe("JSON5 parsing", () => {
  it("accepts comments, trailing commas and unquoted keys", () => {
    const file = write("claw.json", "// hi\n{ gateway: { port: 1234, }, }\n");
    expect(loadWithIncludes(file)).toEqual({ gateway: { port: 1234 } });
  });

  it.each([
    { text: "{\n  gateway: {\n    port: 1234\n    bind: 'lan'\n  }\n}", line: 4, column: 5 },
    { text: "{ a: 1 ", line: 1, column: 8 },
  ])("invalid JSON5 reports line $line column $column", ({ text, line, column }) => {
    const file = write("claw.json", text);
    const [issue] = issuesOf(() => loadWithIncludes(file));
    expect(issue).toMatchObject({ file, line, column });
    expect(issue?.message).toMatch(/is not valid JSON5/);
  });
});

describe("$include", () => {
  it("includes one file relative to the including file; own keys win", () => {
    write("parts/gateway.json5", "{ gateway: { port: 1, bind: 'lan' } }");
    const file = write("claw.json", "{ $include: './parts/gateway.json5', gateway: { port: 2 } }");
    expect(loadWithIncludes(file)).toEqual({ gateway: { port: 2, bind: "lan" } });
  });

  it("merges an array of includes in order, nested includes resolve relative to their file", () => {
    write("a.json5", "{ logging: { level: 'debug' }, tools: { deny: ['exec'] } }");
    write("sub/b.json5", "{ $include: 'c.json5', logging: { file: '/tmp/x' } }");
    write("sub/c.json5", "{ tools: { deny: ['browser'] } }");
    const file = write("claw.json", "{ $include: ['a.json5', 'sub/b.json5'] }");
    expect(loadWithIncludes(file)).toEqual({
      logging: { level: "debug", file: "/tmp/x" },
      tools: { deny: ["browser"] },
    });
  });

  it("works at any depth, e.g. one agent per file", () => {
    write("agents/research.json5", "{ id: 'research', model: 'openai/gpt-4o' }");
    const file = write(
      "claw.json",
      "{ agents: { list: [{ id: 'main' }, { $include: 'agents/research.json5' }] } }",
    );
    expect(loadWithIncludes(file)).toEqual({
      agents: { list: [{ id: "main" }, { id: "research", model: "openai/gpt-4o" }] },
    });
  });

  it("detects a cycle and shows the chain", () => {
    write("a.json5", "{ $include: 'b.json5' }");
    write("b.json5", "{ $include: 'a.json5' }");
    const file = write("claw.json", "{ $include: 'a.json5' }");
    const [issue] = issuesOf(() => loadWithIncludes(file));
    expect(issue?.message).toMatch(/include cycle: .*a\.json5 → .*b\.json5 → .*a\.json5/);
  });

  it("detects a file including itself", () => {
    const file = write("claw.json", "{ $include: 'claw.json' }");
    expect(issuesOf(() => loadWithIncludes(file))[0]?.message).toMatch(/include cycle/);
  });

  it("reports a missing include with the expected path, and every bad include at once", () => {
    const file = write("claw.json", "{ $include: ['missing.json5', 42] }");
    const issues = issuesOf(() => loadWithIncludes(file));
    expect(issues[0]).toMatchObject({
      path: "$include",
      message: "must be a file path or an array of file paths",
    });
    const file2 = write("claw2.json", "{ $include: 'missing.json5' }");
    const [missing] = issuesOf(() => loadWithIncludes(file2));
    expect(missing?.message).toMatch(/cannot be read \(ENOENT\)/);
    expect(missing?.hint).toContain(join(root, "missing.json5"));
  });

  it("reports a syntax error inside an included file with that file's position", () => {
    write("bad.json5", "{\n  x: ,\n}");
    const file = write("claw.json", "{ $include: 'bad.json5' }");
    expect(issuesOf(() => loadWithIncludes(file))[0]).toMatchObject({
      file: join(root, "bad.json5"),
      line: 2,
    });
  });
});

describe("${ENV} substitution", () => {
  it.each([
    { value: { k: "${A}" }, env: { A: "1" }, expected: { k: "1" } },
    { value: { k: "pre-${A}-${B_2}" }, env: { A: "x", B_2: "y" }, expected: { k: "pre-x-y" } },
    { value: { k: "$${A}" }, env: {}, expected: { k: "${A}" } },
    { value: { k: ["${A}", 3, true] }, env: { A: "z" }, expected: { k: ["z", 3, true] } },
    { value: { k: "${lower}" }, env: {}, expected: { k: "${lower}" } },
  ])("$value → $expected", ({ value, env, expected }) => {
    expect(substituteEnv(value, env)).toEqual(expected);
  });

  it("names every missing (or empty) variable and where it is used", () => {
    const issues = issuesOf(() =>
      substituteEnv(
        { models: { providers: { openai: { apiKey: "${OPENAI_API_KEY}" } } }, x: ["${EMPTY}"] },
        { EMPTY: "" },
      ),
    );
    expect(issues.map((i) => [i.path, i.message])).toEqual([
      ["models.providers.openai.apiKey", "uses environment variable OPENAI_API_KEY, which is not set"],
      ["x[0]", "uses environment variable EMPTY, which is not set"],
    ]);
  });
});

describe("loadConfig", () => {
  const home = () => join(root, "home");

  it("no file → defaults, exists: false", () => {
    const loaded = loadConfig({ env: {}, homeDir: home() });
    expect(loaded.exists).toBe(false);
    expect(loaded.config.gateway).toMatchObject({ port: 18789, bind: "loopback", auth: { mode: "token" } });
    expect(loaded.paths.configPath).toBe(join(home(), ".claw", "claw.json"));
  });

  it("loads, includes, substitutes and applies defaults", () => {
    write(
      "home/.claw/models.json5",
      "{ models: { providers: { openai: { apiKey: '${OPENAI_API_KEY}' } } } }",
    );
    write("home/.claw/claw.json", "{ $include: 'models.json5', gateway: { port: 9000 } }");
    const { config, exists } = loadConfig({ env: { OPENAI_API_KEY: "sk-test" }, homeDir: home() });
    expect(exists).toBe(true);
    expect(config.gateway.port).toBe(9000);
    expect(config.gateway.bind).toBe("loopback");
    expect(config.models.providers?.openai?.apiKey).toBe("sk-test");
  });

  it("invalid config → ConfigError listing every problem with the file", () => {
    write("home/.claw-work/claw.json", "{ gateway: { port: 'x' }, agnets: {} }");
    const error = (() => {
      try {
        loadConfig({ env: {}, homeDir: home(), profile: "work" });
      } catch (e) {
        return e as ConfigError;
      }
    })();
    expect(error).toBeInstanceOf(ConfigError);
    expect(error?.issues).toHaveLength(2);
    expect(error?.message).toContain(join(home(), ".claw-work", "claw.json"));
    expect(error?.message).toContain('agnets is not a known key — did you mean "agents"?');
  });
});

describe("nesting depth", () => {
  it("refuses a document nested deeper than the limit with a clear error, not a stack overflow", async () => {
    const { parseJson5, MAX_CONFIG_DEPTH } = await import("./parse-json5.js");
    const deep = `${"{a:".repeat(5000)}1${"}".repeat(5000)}`;
    expect(() => parseJson5(deep, "claw.json")).toThrow(new RegExp(`deeper than ${MAX_CONFIG_DEPTH} levels`));
    expect(parseJson5(`${"{a:".repeat(10)}1${"}".repeat(10)}`, "claw.json")).toBeTypeOf("object");
  });
});
