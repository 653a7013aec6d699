import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { ClawGateway } from "@claw/app-gateway";
import { afterEach, describe, expect, it } from "vitest";
import { BASE_CONFIG, claw, createHome, startGateway, type TestHome } from "./helpers.js";

const homes: TestHome[] = [];
const gateways: ClawGateway[] = [];
afterEach(async () => {
  await Promise.all(gateways.splice(0).map((g) => g.close()));
  await Promise.all(homes.splice(0).map((h) => h.cleanup()));
});

async function setup(script: Parameters<typeof createHome>[0] = []) {
  const home = createHome(script);
  homes.push(home);
  const gateway = await startGateway(home);
  gateways.push(gateway);
  return { home, gateway };
}

describe("health and status", () => {
  it("health --json reports the gateway it reached through gateway.json and gateway.token", async () => {
    const { home, gateway } = await setup();
    const result = await claw(home, ["health", "--json"]);
    expect(result.code).toBe(0);
    const health = JSON.parse(result.stdout);
    expect(health).toMatchObject({ ok: true, url: gateway.url, defaultAgentId: expect.any(String) });
  });

  it("status --json: gateway, agents, cooldowns, channels, sessions and memory", async () => {
    const { home } = await setup(["hi"]);
    expect((await claw(home, ["agent", "-m", "hello"])).code).toBe(0);
    const result = await claw(home, ["status", "--json"]);
    expect(result.code).toBe(0);
    const status = JSON.parse(result.stdout);
    expect(status.gateway).toMatchObject({ reachable: true, pid: process.pid });
    expect(status.gateway.sessions.count).toBe(1);
    expect(status.agents[0]).toMatchObject({ isDefault: true, primary: "faux/faux-1" });
    expect(status).toMatchObject({ cooldowns: [], channels: [] });
    expect(status.memory[0].path).toBe(join(home.stateDir, "memory", `${status.agents[0].id}.sqlite`));
    const text = await claw(home, ["status"]);
    expect(text.stdout).toMatch(/● gateway {3}ws:\/\/127\.0\.0\.1:\d+ {2}pid/);
    expect(text.stdout).toContain("sessions  1");
    expect(text.stdout).toContain("heartbeat off — set agents.defaults.heartbeat.every");
  });

  it("gateway status is reachable; gateway logs prints formatted lines", async () => {
    const { home } = await setup(["hi"]);
    await claw(home, ["agent", "-m", "hello"]);
    const status = await claw(home, ["gateway", "status", "--json"]);
    expect(JSON.parse(status.stdout)).toMatchObject({ reachable: true, pid: process.pid, stateFile: true });
    const logs = await claw(home, ["gateway", "logs", "-n", "5"]);
    expect(logs.code).toBe(0);
    expect(logs.stdout).toMatch(/info {2}run ok/);
    const raw = await claw(home, ["gateway", "logs", "--json", "-n", "1"]);
    expect(JSON.parse(raw.stdout).level).toBeDefined();
  });
});

describe("agent", () => {
  it("streams the reply to stdout and tool calls to stderr; exit 0", async () => {
    const { home } = await setup([
      { text: "", toolCalls: [{ name: "read", arguments: { path: "AGENTS.md" } }] },
      "Read it. All good.",
    ]);
    const result = await claw(home, ["agent", "-m", "check the agents file"]);
    expect(result).toMatchObject({ code: 0, stdout: "Read it. All good.\n" });
    expect(result.stderr).toBe('· read {"path":"AGENTS.md"}\n');
  });

  it("says when a fallback answered, which model, and why the primary was skipped (text and --json)", async () => {
    const document = {
      agents: { defaults: { model: { primary: "anthropic/claude-opus-4-6", fallbacks: ["faux/faux-1"] } } },
    };
    const home = createHome(["From the fallback.", "Again."], document);
    homes.push(home);
    gateways.push(await startGateway(home, document));
    const text = await claw(home, ["agent", "-m", "hi"]);
    expect(text).toMatchObject({ code: 0, stdout: "From the fallback.\n" });
    expect(text.stderr).toContain(
      "fallback: answered by faux/faux-1; anthropic/claude-opus-4-6 skipped: no credentials configured",
    );
    const json = JSON.parse((await claw(home, ["agent", "-m", "again", "--json"])).stdout);
    expect(json).toMatchObject({
      status: "ok",
      model: "faux/faux-1",
      failover: [{ model: "anthropic/claude-opus-4-6", outcome: "skipped", skip: "no_profiles" }],
    });
  });

  it("--json prints the terminal state", async () => {
    const { home } = await setup(["Bonjour."]);
    const result = await claw(home, ["agent", "-m", "salut", "--json"]);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ status: "ok", text: "Bonjour." });
  });

  it("a failed run exits 1 with the reason", async () => {
    const { home } = await setup([{ error: { reason: "auth", status: 401, message: "bad key" } }]);
    const result = await claw(home, ["agent", "-m", "hi"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^claw: the run failed: .*bad key.*\(run [\w-]+\)\n$/s);
  });

  it("unknown agent and unknown model are usage errors (exit 2)", async () => {
    const { home } = await setup([]);
    const agent = await claw(home, ["agent", "-m", "x", "--agent", "ghost"]);
    expect(agent.code).toBe(2);
    expect(agent.stderr).toMatch(/^claw: Unknown agent "ghost"\. Known agents: \w+/);
    const model = await claw(home, ["agent", "-m", "x", "--model", "nope/none"]);
    expect(model.code).toBe(2);
    expect(model.stderr).toContain('Unknown model "nope/none"');
    const thinking = await claw(home, ["agent", "-m", "x", "--thinking", "max"]);
    expect(thinking).toMatchObject({ code: 2, stderr: expect.stringContaining("--thinking must be one of") });
  });

  it("without --session, runs in the agent's main session under session.mainKey", async () => {
    const document = { ...BASE_CONFIG, session: { mainKey: "home" } };
    const home = createHome(["Through the gateway."], document);
    homes.push(home);
    gateways.push(await startGateway(home, document));
    expect((await claw(home, ["agent", "-m", "hi"])).code).toBe(0);
    const list = JSON.parse((await claw(home, ["sessions", "list", "--json"])).stdout);
    expect(list.sessions.map((s: { key: string }) => s.key)).toEqual(["agent:main:home"]);
    const explained = JSON.parse((await claw(home, ["tools", "explain", "--json"])).stdout);
    expect(explained.session).toBe("agent:main:home");
  });

  it("--local runs without a gateway", async () => {
    const home = createHome(["Local reply."]);
    homes.push(home);
    const result = await claw(home, ["agent", "--local", "-m", "hi", "--session", "scratch"]);
    expect(result).toMatchObject({ code: 0, stdout: "Local reply.\n" });
    const unknown = await claw(home, ["agent", "--local", "-m", "hi", "--agent", "ghost"]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/unknown agent "ghost" \(known agents: /);
  });
});

describe("sessions, models, skills, tools", () => {
  it("sessions list, show, reset, delete", async () => {
    const { home } = await setup([
      { toolCalls: [{ name: "ls", arguments: { path: "." } }] },
      "First answer.",
    ]);
    await claw(home, ["agent", "-m", "first question"]);
    const list = JSON.parse((await claw(home, ["sessions", "list", "--json"])).stdout);
    expect(list.sessions).toHaveLength(1);
    expect(list.sessions[0].model).toBe("faux/faux-1");
    const key = list.sessions[0].key as string;
    const show = await claw(home, ["sessions", "show", key]);
    expect(show.stdout).toMatch(/user.*\nfirst question\n\n/);
    expect(show.stdout).toMatch(/toolResult.*\n\[ls\]\nAGENTS\.md/);
    expect(show.stdout).toMatch(/assistant.*\nFirst answer\.\n/);
    expect((await claw(home, ["sessions", "list"])).stdout).toMatch(
      /^KEY +AGENT +MODEL +COST +UPDATED.*\n\S+ +\S+ +faux\/faux-1/,
    );
    expect((await claw(home, ["sessions", "reset", key])).code).toBe(0);
    expect((await claw(home, ["sessions", "delete", key])).code).toBe(0);
    const gone = await claw(home, ["sessions", "show", key]);
    expect(gone).toMatchObject({
      code: 1,
      stderr: `claw: no session "${key}" — list them with \`claw sessions list\`\n`,
    });
    expect((await claw(home, ["sessions", "show"])).code).toBe(2);
  });

  it("models list marks the faux model available; models status explains credentials", async () => {
    const { home } = await setup();
    const list = JSON.parse((await claw(home, ["models", "list", "--json", "--provider", "faux"])).stdout);
    expect(list.models).toEqual([expect.objectContaining({ id: "faux-1", available: true })]);
    const status = JSON.parse((await claw(home, ["models", "status", "--json"])).stdout);
    expect(status.agents[0].chain[0]).toMatchObject({ ref: "faux/faux-1", usable: true });
    const withKey = await claw(home, ["models", "status"], { OPENAI_API_KEY: "sk-test-secret" });
    expect(withKey.stdout).toContain("openai       openai:env");
    expect(withKey.stdout).not.toContain("sk-test-secret");
  });

  it("skills list (gateway) and skills check (eligibility here)", async () => {
    const { home } = await setup();
    const list = JSON.parse((await claw(home, ["skills", "list", "--json"])).stdout);
    expect(list.skills.length).toBeGreaterThan(0);
    const check = JSON.parse((await claw(home, ["skills", "check", "--json"], { PATH: "" })).stdout);
    expect(check.skills.length).toBe(list.skills.length);
    const missing = check.skills.find((s: { eligible: boolean }) => !s.eligible);
    if (missing) expect(missing.reason).toMatch(/missing|needs|config/);
  });

  it("tools explain: the exec policy of the session and which default applied", async () => {
    const home = createHome([], { agents: { defaults: { model: "faux/faux-1" } } });
    homes.push(home);
    const main = await claw(home, ["tools", "explain", "exec"]);
    expect(main.stdout).toContain(
      "exec policy: security full (default (main session)), ask off (default (main session))",
    );
    const dm = await claw(home, [
      "tools",
      "explain",
      "exec",
      "--session",
      "agent:main:telegram:dm:43",
      "--json",
    ]);
    expect(JSON.parse(dm.stdout).execPolicy).toEqual({
      security: "allowlist",
      ask: "always",
      source: {
        security: "default (not the main session and not sandboxed: every command needs approval)",
        ask: "default (not the main session and not sandboxed: every command needs approval)",
      },
    });
  });

  it("tools explain: kept and removed, and by which rule", async () => {
    const home = createHome([], {
      agents: {
        defaults: { model: "faux/faux-1" },
        list: [{ id: "safe", default: true, tools: { deny: ["exec"] } }],
      },
    });
    homes.push(home);
    const result = await claw(home, ["tools", "explain", "--json", "--sender", "other"]);
    expect(result.code).toBe(0);
    const explained = JSON.parse(result.stdout);
    const exec = explained.verdicts.find((v: { tool: string }) => v.tool === "exec");
    expect(exec).toMatchObject({
      kept: false,
      removedBy: { rule: expect.stringContaining('tools.deny ("exec")') },
    });
    const text = await claw(home, ["tools", "explain"]);
    expect(text.stdout).toMatch(/removed exec +by agents\.list\[safe\]\.tools\.deny/);
    expect(text.stdout).toMatch(/absent +apply_patch +tools\.exec\.applyPatch is not enabled/);
    expect(explained.absent).toContainEqual({
      tool: "apply_patch",
      reason: "tools.exec.applyPatch is not enabled",
    });
    const absent = await claw(home, ["tools", "explain", "apply_patch"]);
    expect(absent.code).toBe(0);
    expect(absent.stdout).toBe(
      "apply_patch: not offered to agent safe — tools.exec.applyPatch is not enabled\n",
    );
    expect((await claw(home, ["tools", "explain", "--agent", "ghost"])).code).toBe(2);
    // faux/faux-1 accepts images: the image tool is offered, not absent.
    expect(explained.absent.map((a: { tool: string }) => a.tool)).not.toContain("image");
  });

  it("tools explain says why image is absent when no model accepts images", async () => {
    const home = createHome([], { agents: { defaults: { model: "ollama/llama3" } } });
    homes.push(home);
    const result = await claw(home, ["tools", "explain", "image"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(
      'image: not offered to agent main — no model of agent main accepts images: "ollama/llama3" (agent model) is text-only; set agents.defaults.imageModel to a vision model\n',
    );
  });

  it("tools explain applies sandbox.tools to sandboxed sessions only", async () => {
    const home = createHome([], {
      agents: {
        defaults: { model: "faux/faux-1", sandbox: { mode: "non-main", tools: { deny: ["exec"] } } },
      },
    });
    homes.push(home);
    const main = JSON.parse((await claw(home, ["tools", "explain", "--json"])).stdout);
    expect(main.sandboxed).toBe(false);
    expect(main.tools).toContain("exec");
    const group = await claw(home, [
      "tools",
      "explain",
      "exec",
      "--session",
      "agent:default:telegram:group:7",
    ]);
    expect(group.stdout).toContain("sandboxed");
    expect(group.stdout).toMatch(/removed exec +by agents\.defaults\.sandbox\.tools\.deny/);
  });

  it("tools explain lists exactly the tools the gateway gives the model; one tool; unknown names", async () => {
    const document = { agents: { defaults: { model: "faux/faux-1" } }, tools: { deny: ["process"] } };
    const home = createHome([], document);
    homes.push(home);
    const gateway = await startGateway(home, document);
    gateways.push(gateway);
    const explained = JSON.parse((await claw(home, ["tools", "explain", "--json"])).stdout) as {
      tools: string[];
      verdicts: { tool: string }[];
    };
    const agent = gateway.agents[0];
    const given = agent?.definition.filterTools?.(agent.definition.tools ?? [], {
      agentId: agent.definition.id,
      sessionKey: `agent:${agent.definition.id}:main`,
      model: home.faux.model,
      isSubagent: false,
      senderIsOwner: true,
    });
    expect(explained.tools).toEqual(given?.map((t) => t.name));
    expect(explained.verdicts.map((v) => v.tool)).toEqual(agent?.definition.tools?.map((t) => t.name));
    expect(explained.verdicts.map((v) => v.tool)).toContain("browser");
    expect(explained.verdicts.map((v) => v.tool)).not.toContain("canvas");
    const one = await claw(home, ["tools", "explain", "process"]);
    expect(one.stdout).toMatch(/removed process +by tools\.deny/);
    expect(one.stdout).toContain("0 of 1 tools kept");
    const typo = await claw(home, ["tools", "explain", "exce"]);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain('did you mean "exec"?');
    const missing = await claw(home, ["tools", "explain", "canvas"]);
    expect(missing.stderr).toContain('"canvas" is not a tool agent');
  });
});

describe("bad input", () => {
  it("an unreachable gateway: clear message, exit 3", async () => {
    const home = createHome();
    homes.push(home);
    const result = await claw(home, ["health", "--url", "ws://127.0.0.1:9"]);
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(
      /^claw: cannot reach the gateway at ws:\/\/127\.0\.0\.1:9 \(.+\) — start it with `claw gateway run`, or pass --url\n$/,
    );
    const status = await claw(home, ["status", "--json", "--url", "ws://127.0.0.1:9"]);
    expect(status.code).toBe(3);
    expect(JSON.parse(status.stdout).gateway.reachable).toBe(false);
  });

  it("a wrong token is refused with a hint, exit 1", async () => {
    const { home } = await setup();
    const result = await claw(home, ["health", "--token", "wrong"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/refused the connection.*— check the token/);
  });

  it("an invalid config points at the file and line", async () => {
    const home = createHome();
    homes.push(home);
    const path = join(home.stateDir, "claw.json");
    writeFileSync(
      path,
      '{\n  agents: { defaults: { model: "faux/faux-1" } },\n  gateway: {\n    port: "eighty"\n  }\n}\n',
    );
    const result = await claw(home, ["status"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`claw: config ${path}:4:5 gateway.port "eighty"`);
    expect(result.stderr).toContain("run `claw config validate`");
    expect(readFileSync(path, "utf8")).toContain("eighty");
  });

  it("unknown flags and subcommands suggest the nearest", async () => {
    const home = createHome();
    homes.push(home);
    expect(await claw(home, ["sessions", "lst"])).toMatchObject({
      code: 2,
      stderr: 'claw: unknown subcommand "sessions lst" (did you mean "list"?)\n',
    });
    expect(await claw(home, ["agent", "--mesage", "x"])).toMatchObject({
      code: 2,
      stderr: 'claw: unknown option --mesage for "claw agent" (did you mean "--message"?)\n',
    });
  });
});

describe("gateway target", () => {
  it("finds the same token and state file as the gateway itself", async () => {
    const { readGatewayToken, gatewayStatePath } = await import("@claw/app-gateway");
    const { localGatewayToken, gatewayStateFilePath } = await import("../src/gateway-target.js");
    const { validateConfig } = await import("@claw/config");
    const { home } = await setup();
    const result = validateConfig({});
    if (!result.ok) throw new Error("default config must validate");
    const { config } = result;
    for (const env of [{}, { CLAW_GATEWAY_TOKEN: "from-env" }])
      expect(localGatewayToken(config, home.stateDir, env)).toBe(
        readGatewayToken(config, home.stateDir, env),
      );
    expect(gatewayStateFilePath(home.stateDir)).toBe(gatewayStatePath(home.stateDir));
  });
});

describe("config changes reach the running gateway", () => {
  // The faux model is declared, as a user declares a custom model, so the CLI's catalog check knows it.
  const DOCUMENT = {
    agents: { defaults: { model: "faux/faux-1" } },
    models: { providers: { faux: { baseUrl: "http://127.0.0.1:9", models: [{ id: "faux-1" }] } } },
  };

  it("config set goes through the gateway: applied live or needing a restart, said in one place", async () => {
    const home = createHome([], DOCUMENT);
    homes.push(home);
    const gateway = await startGateway(home, DOCUMENT);
    gateways.push(gateway);
    const deny = await claw(home, ["config", "set", "tools.deny", '["exec","process"]']);
    expect(deny.code).toBe(0);
    expect(deny.stdout).toContain("applied live: tools.deny");
    expect(gateway.config.current().tools.deny).toEqual(["exec", "process"]);
    const agent = gateway.agents[0];
    const offered = agent?.definition.filterTools?.(agent.definition.tools ?? [], {
      agentId: agent.definition.id,
      sessionKey: `agent:${agent.definition.id}:main`,
      model: home.faux.model,
      isSubagent: false,
    });
    expect(offered?.map((t) => t.name)).not.toContain("exec");
    const port = await claw(home, ["config", "set", "gateway.port", "18111"]);
    expect(port.stdout).toContain("needs a restart: gateway.port");
    expect(JSON.parse(readFileSync(join(home.stateDir, "claw.json"), "utf8")).gateway.port).toBe(18111);
    const status = await claw(home, ["status", "--url", gateway.url]);
    expect(status.stdout).toContain("waiting for a restart: gateway.port");
    const typo = await claw(home, ["config", "set", "agents.defaults.model", "anthropic/claude-opsu-4-6"]);
    expect(typo.code).toBe(1);
    expect(gateway.config.current().agents.defaults.model).toBe("faux/faux-1");
  });
});

describe("approvals", () => {
  const document = { agents: { defaults: { model: "faux/faux-1" }, list: [{ id: "ops", default: true }] } };
  it("pending lists a group session's command waiting for approval; resolve allows it and the run finishes", async () => {
    const home = createHome(
      [
        { text: "", toolCalls: [{ name: "exec", arguments: { command: "sh -c 'echo from-exec'" } }] },
        "Ran it.",
      ],
      document,
    );
    homes.push(home);
    gateways.push(await startGateway(home, document));
    const running = claw(home, ["agent", "-m", "run it", "--session", "agent:ops:telegram:group:9"]);
    let pending: { id: string; request: { command: string; sessionKey: string } }[] = [];
    while (pending.length === 0) {
      const listed = await claw(home, ["approvals", "pending", "--json"]);
      expect(listed.code).toBe(0);
      pending = JSON.parse(listed.stdout);
    }
    expect(pending[0]?.request).toMatchObject({
      command: "sh -c 'echo from-exec'",
      sessionKey: "agent:ops:telegram:group:9",
    });
    const text = await claw(home, ["approvals", "pending"]);
    expect(text.stdout).toMatch(/ID\s+AGENT\s+SESSION\s+EXPIRES\s+COMMAND\s+WHY/);
    const resolved = await claw(home, ["approvals", "resolve", (pending[0]?.id ?? "").slice(0, 8), "a"]);
    expect(resolved).toMatchObject({ code: 0, stdout: `allow-once: ${pending[0]?.id}\n` });
    expect(await running).toMatchObject({ code: 0, stdout: "Ran it.\n" });
    expect(JSON.stringify(home.faux.calls.at(-1)?.context.messages)).toContain("from-exec");
    const missing = await claw(home, ["approvals", "resolve", "nope-nope", "deny"]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('no pending approval "nope-nope"');
  });
});
