import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { claw, createHome, type TestHome } from "./helpers.js";

const homes: TestHome[] = [];
afterEach(async () => {
  await Promise.all(homes.splice(0).map((h) => h.cleanup()));
});

function emptyHome(): TestHome {
  const home = createHome([], {});
  homes.push(home);
  return home;
}

describe("onboard --yes (scripts)", () => {
  it("stores the key 0600 (never printed), writes the config, workspace and token", async () => {
    const home = emptyHome();
    const result = await claw(
      home,
      ["onboard", "--yes", "--provider", "anthropic", "--api-key-env", "MY_KEY"],
      {
        MY_KEY: "sk-ant-secret",
      },
    );
    expect(result.code).toBe(0);
    expect(result.stdout + result.stderr).not.toContain("sk-ant-secret");
    expect(result.stdout).toContain("Next: claw gateway run");
    const profiles = join(home.stateDir, "agents", "main", "auth-profiles.json");
    expect(statSync(profiles).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(profiles, "utf8")).profiles).toEqual([
      { id: "anthropic:onboard", provider: "anthropic", type: "api_key", apiKey: "sk-ant-secret" },
    ]);
    const config = JSON.parse(readFileSync(join(home.stateDir, "claw.json"), "utf8"));
    expect(config.agents.defaults.model.primary).toBe("anthropic/claude-sonnet-4-5");
    expect(statSync(join(home.stateDir, "gateway.token")).mode & 0o777).toBe(0o600);
    expect(readFileSync(join(home.stateDir, "workspace", "AGENTS.md"), "utf8").length).toBeGreaterThan(0);
    const status = await claw(home, ["models", "status", "--json"]);
    expect(JSON.parse(status.stdout).credentials).toEqual([
      expect.objectContaining({ provider: "anthropic", profileId: "anthropic:onboard" }),
    ]);
  });

  it("OpenAI-compatible endpoint and Ollama go into models.providers", async () => {
    const home = emptyHome();
    const result = await claw(home, [
      "onboard",
      "--yes",
      "--provider",
      "openai-compatible",
      "--base-url",
      "http://127.0.0.1:8000/v1",
      "--model",
      "qwen-32b",
      "--json",
    ]);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ model: "custom/qwen-32b" });
    const config = JSON.parse(readFileSync(join(home.stateDir, "claw.json"), "utf8"));
    expect(config.models.providers.custom).toEqual({
      api: "openai-completions",
      baseUrl: "http://127.0.0.1:8000/v1",
      models: [{ id: "qwen-32b" }],
    });
    const ollama = await claw(home, [
      "onboard",
      "--yes",
      "--provider",
      "ollama",
      "--base-url",
      "http://127.0.0.1:9",
      "--model",
      "ollama/llama3.2:3b",
    ]);
    expect(ollama.code).toBe(0);
    const merged = JSON.parse(readFileSync(join(home.stateDir, "claw.json"), "utf8"));
    expect(merged.models.providers).toMatchObject({ custom: {}, ollama: { baseUrl: "http://127.0.0.1:9" } });
  });

  it.each([
    { argv: ["onboard", "--yes"], err: /--yes needs --provider/ },
    { argv: ["onboard", "--yes", "--provider", "antropic"], err: /unknown provider "antropic"/ },
    {
      argv: ["onboard", "--yes", "--provider", "openai"],
      err: /no API key for openai: OPENAI_API_KEY is not set/,
    },
    { argv: ["onboard"], err: /needs a terminal.*claw onboard --yes --provider/ },
  ])("$argv → usage error", async ({ argv, err }) => {
    const result = await claw(emptyHome(), argv);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(err);
  });
});

const appDir = join(dirname(fileURLToPath(import.meta.url)), "..");

/** Output of a process on a pseudo-terminal (`script`), with waits for a prompt to appear. */
function onPty(command: string, env: Record<string, string>) {
  const child: ChildProcess = spawn(
    "script",
    ["-q", "-e", "-c", `stty cols 120 rows 40; ${command}`, "/dev/null"],
    {
      cwd: appDir,
      env: { ...process.env, ...env, NO_COLOR: "1", TERM: "xterm" },
    },
  );
  let output = "";
  const waiters: { pattern: RegExp; resolve: () => void }[] = [];
  child.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString("utf8");
    for (const w of [...waiters])
      if (w.pattern.test(output)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve();
      }
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  return {
    output: () => output,
    exited,
    waitFor: (pattern: RegExp) =>
      new Promise<void>((resolve) => (pattern.test(output) ? resolve() : waiters.push({ pattern, resolve }))),
    type: (text: string) => child.stdin?.write(text),
  };
}

describe("onboard in a pseudo-terminal", () => {
  it("asks for providers, a masked key, the model and workspace, then writes everything", async () => {
    const home = emptyHome();
    const pty = onPty(
      "node --conditions=@claw/source --import tsx test/fixtures/claw-from-source.ts onboard",
      { HOME: home.home, CLAW_STATE_DIR: home.stateDir, ANTHROPIC_API_KEY: "" },
    );
    await pty.waitFor(/Which model providers/);
    pty.type(" "); // Anthropic is the first option
    pty.type("\r");
    await pty.waitFor(/paste the API key/);
    pty.type("sk-ant-typed-secret\r");
    await pty.waitFor(/Default model/);
    pty.type("\r");
    await pty.waitFor(/Workspace folder/);
    pty.type("\r");
    expect(await pty.exited).toBe(0);
    expect(pty.output()).not.toContain("sk-ant-typed-secret");
    expect(pty.output()).toContain("Next: claw gateway run");
    const profiles = JSON.parse(
      readFileSync(join(home.stateDir, "agents", "main", "auth-profiles.json"), "utf8"),
    );
    expect(profiles.profiles[0]).toMatchObject({ provider: "anthropic", apiKey: "sk-ant-typed-secret" });
    const config = JSON.parse(readFileSync(join(home.stateDir, "claw.json"), "utf8"));
    expect(config.agents.defaults.model.primary).toBe("anthropic/claude-sonnet-4-5");
  }, 30_000);

  it("Ctrl-C cancels without writing anything (exit 4)", async () => {
    const home = emptyHome();
    const configBefore = readFileSync(join(home.stateDir, "claw.json"), "utf8");
    const pty = onPty(
      "node --conditions=@claw/source --import tsx test/fixtures/claw-from-source.ts onboard",
      { HOME: home.home, CLAW_STATE_DIR: home.stateDir },
    );
    await pty.waitFor(/Which model providers/);
    pty.type("\u0003");
    expect(await pty.exited).toBe(4);
    expect(pty.output()).toContain("nothing was written");
    expect(readFileSync(join(home.stateDir, "claw.json"), "utf8")).toBe(configBefore);
  }, 30_000);
});
