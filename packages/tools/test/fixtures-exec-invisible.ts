/**
 * Child process of the exec regression test for issue #32: runs the exec tool on commands with
 * control or invisible characters in three setups (allowlist + ask, allowlist + ask off, no
 * approvals), answers a loopback health request while each approval is pending, and prints one
 * JSON line per run. It runs apart from the test so a reader hang is a timeout, not a stuck worker.
 */
import { createServer, get } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import {
  createExecTool,
  createWorkspace,
  ExecAllowlistStore,
  ExecApprovalBroker,
  type ExecPolicy,
  ProcessRegistry,
} from "../src/index.js";
import { tempWorkspace, text } from "./helpers.js";

const COMMANDS = ["ls\r", "echo a\u00a0b", "echo\u2028x", "\f", "\v"];

const server = createServer((_req, res) => res.end("ok"));
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
const healthUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/health`;
const health = () =>
  new Promise<string>((resolve, reject) => {
    get(healthUrl, (res) => {
      let body = "";
      res.setEncoding("utf8").on("data", (chunk: string) => {
        body += chunk;
      });
      res.on("end", () => resolve(body));
    }).on("error", reject);
  });

const { root } = tempWorkspace();
const workspace = createWorkspace(root);
const broker = new ExecApprovalBroker({ timeoutMs: 60_000 });
const allowlist = new ExecAllowlistStore(join(root, "..", "exec-approvals.json"));
const withPolicy = (policy: ExecPolicy) =>
  createExecTool(workspace, new ProcessRegistry(), {
    approvals: { policyFor: () => policy, allowlist, broker },
  });
const SETUPS = {
  "allowlist, ask on-miss": withPolicy({ security: "allowlist", ask: "on-miss" }),
  "allowlist, ask off": withPolicy({ security: "allowlist", ask: "off" }),
  "no approvals": createExecTool(workspace, new ProcessRegistry()),
};

const pending: { reason: string; health: string }[] = [];
broker.subscribe((event) => {
  if (event.type !== "requested") return;
  void health().then((answer) => {
    pending.push({ reason: event.approval.request.reason, health: answer });
    broker.resolve(event.approval.id, "deny", "fixture");
  });
});

for (const [setup, exec] of Object.entries(SETUPS)) {
  for (const command of COMMANDS) {
    pending.length = 0;
    const result = await exec.execute(
      { command, timeout: 10 },
      {
        toolCallId: "t",
        signal: new AbortController().signal,
        agentId: "main",
        sessionKey: "agent:main:main",
      },
    );
    const after = await health();
    process.stdout.write(
      `${JSON.stringify({ setup, command, isError: result.isError === true, text: text(result), approvals: [...pending], after })}\n`,
    );
  }
}
server.close();
