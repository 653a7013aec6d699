/**
 * The sandbox end to end: `sandbox.tools` reaches tools.effective and the model's tool list, and
 * `sandbox.mode: non-main` runs a group session's exec inside bubblewrap but not the owner's main one.
 */
import { randomUUID } from "node:crypto";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { ClawClient } from "@claw/client";
import type { PendingExecApproval } from "@claw/protocol";
import { createFauxProvider, type FauxStep } from "@claw/providers";
import { checkBwrap, checkHostHiding } from "@claw/tools";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lastToolResultText, startTestGateway } from "./helpers.js";

const bwrap = await checkBwrap();
if (!bwrap.ok) console.warn(`[skip] sandboxed gateway exec: ${bwrap.reason}`);
const hiding = await checkHostHiding();
if (!hiding.ok) console.warn(`[skip] state dir hiding: ${hiding.reason}`);

async function start(
  sandbox: Record<string, unknown>,
  script: FauxStep[] = ["ok"],
  tools: Record<string, unknown> = {},
) {
  const faux = createFauxProvider(script, { provider: "faux" });
  const started = await startTestGateway(
    { agents: { defaults: { model: "faux/faux-1", sandbox } }, tools },
    { models: [faux.model], stream: faux.stream, scopes: ["operator.read", "operator.write"] },
  );
  return { ...started, faux };
}

async function effectiveTools(client: ClawClient, sessionKey: string): Promise<string[]> {
  const result = (await client.request("tools.effective", { sessionKey })) as {
    groups: { tools: { id: string }[] }[];
  };
  return result.groups.flatMap((g) => g.tools.map((t) => t.id));
}

const run = (client: ClawClient, sessionKey: string) =>
  client.request("agent", { message: "go", sessionKey, idempotencyKey: randomUUID() }, { expectFinal: true });

describe("sandbox.tools policy", () => {
  it('mode "all" with tools.deny ["exec"]: exec is absent from tools.effective and from the model\'s tools', async () => {
    const { client, faux } = await start({ mode: "all", tools: { deny: ["exec"] } });
    const ids = await effectiveTools(client, "agent:main:main");
    expect(ids).toContain("read");
    expect(ids).not.toContain("exec");
    await run(client, "agent:main:main");
    const offered = (faux.calls.at(-1)?.context.tools ?? []).map((t) => t.name);
    expect(offered).toContain("read");
    expect(offered).not.toContain("exec");
    await client.close();
  });

  it('workspaceAccess "ro" removes the writing file tools from tools.effective and the model\'s tools', async () => {
    const { client, faux } = await start({ mode: "all", workspaceAccess: "ro" });
    const ids = await effectiveTools(client, "agent:main:main");
    expect(ids).toEqual(expect.arrayContaining(["read", "ls", "exec"]));
    for (const id of ["write", "edit", "apply_patch"]) expect(ids).not.toContain(id);
    await run(client, "agent:main:main");
    const offered = (faux.calls.at(-1)?.context.tools ?? []).map((t) => t.name);
    expect(offered).toContain("read");
    expect(offered).not.toContain("write");
    await client.close();
  });

  it('mode "non-main": the deny applies to group sessions only', async () => {
    const { client } = await start({ mode: "non-main", tools: { deny: ["exec"] } });
    expect(await effectiveTools(client, "agent:main:main")).toContain("exec");
    expect(await effectiveTools(client, "agent:main:telegram:group:42")).not.toContain("exec");
    await client.close();
  });
});

describe.skipIf(!bwrap.ok)("sandbox.mode non-main, through a real run", () => {
  const command = "echo pid1=$(cat /proc/1/comm); env";
  beforeAll(() => {
    process.env.OPENAI_API_KEY = "sk-gateway-secret";
  });
  afterAll(() => {
    delete process.env.OPENAI_API_KEY;
  });

  it("a group session's exec runs in bubblewrap without secrets; the main session's on the host", async () => {
    const step: FauxStep = { text: "running", toolCalls: [{ name: "exec", arguments: { command } }] };
    // security full: this test is about the sandbox, not about approving the group's command
    const { client, faux } = await start({ mode: "non-main" }, [step, "done", step, "done"], {
      exec: { security: "full" },
    });
    const toolOutput = () => lastToolResultText(faux);
    await run(client, "agent:main:telegram:group:42");
    const sandboxed = toolOutput();
    expect(sandboxed).toContain("pid1=bwrap");
    expect(sandboxed).toMatch(/^HOME=\/tmp$/m);
    expect(sandboxed).not.toContain("sk-gateway-secret");
    await run(client, "agent:main:main");
    const host = toolOutput();
    expect(host).not.toContain("pid1=bwrap");
    expect(host).not.toContain("sk-gateway-secret");
    await client.close();
  });
});

describe.skipIf(!hiding.ok)("the state dir, from host exec", () => {
  it("a group session's approved host command cannot read the config next to the workspace; the main session's can", async () => {
    const step: FauxStep = {
      text: "reading",
      toolCalls: [
        { name: "exec", arguments: { command: "pwd; ls -A ..; cat ../gateway.token ../claw.json" } },
      ],
    };
    // ask "off" too: a non-main session on the host asks for every command by default.
    const { client, faux, stateDir } = await start({ mode: "off" }, [step, "done", step, "done"], {
      exec: { security: "full", ask: "off" },
    });
    writeFileSync(join(stateDir, "gateway.token"), "token-from-the-state-dir\n", { mode: 0o600 });
    await run(client, "agent:main:telegram:group:42");
    const group = lastToolResultText(faux);
    expect(group).toContain(stateDir);
    expect(group).toContain("No such file");
    expect(group).not.toContain("token-from-the-state-dir");
    expect(group).not.toContain("faux/faux-1");
    await run(client, "agent:main:main");
    expect(lastToolResultText(faux)).toContain("token-from-the-state-dir");
    expect(lastToolResultText(faux)).toContain("faux/faux-1");
    await client.close();
  });
});

describe.skipIf(!hiding.ok)("an approved host command of a group session", () => {
  it("is approved by a person and still cannot read gateway.token; the main session's can", async () => {
    const step: FauxStep = {
      text: "reading",
      toolCalls: [{ name: "exec", arguments: { command: "sh -c 'cat ../gateway.token'" } }],
    };
    const { client, faux, stateDir, claw } = await start({ mode: "off" }, [step, "done", step, "done"], {
      exec: { security: "allowlist", ask: "on-miss" },
    });
    writeFileSync(join(stateDir, "gateway.token"), "token-from-the-state-dir\n", { mode: 0o600 });
    const reviewer = new ClawClient({
      url: claw.url,
      token: claw.token,
      stateDir,
      reconnect: { enabled: false },
      scopes: ["operator.approvals"],
    });
    await reviewer.connect();
    let approved = 0;
    reviewer.on("exec.approval.requested", (payload: PendingExecApproval) => {
      approved += 1;
      void reviewer.request("exec.approval.resolve", { id: payload.id, decision: "allow-once" });
    });
    await run(client, "agent:main:telegram:group:42");
    const group = lastToolResultText(faux);
    expect(approved).toBe(1);
    expect(group).toContain("No such file");
    expect(group).not.toContain("token-from-the-state-dir");
    await run(client, "agent:main:main");
    expect(lastToolResultText(faux)).toContain("token-from-the-state-dir");
    await reviewer.close();
    await client.close();
  });
});
