/**
 * Safe-execution costs. Sandbox: `exec` of `true` inside bubblewrap vs the same tool on the host
 * (target ≤ 3×). SSRF guard: a guarded GET to a loopback server vs a plain `http.get` with the
 * same agentless connection, plus the address check itself (target ≤ 1 ms added per fetch).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, get } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { report, suite } from "@claw/bench-harness";
import {
  blockedAddressReason,
  checkBwrap,
  createExecTool,
  createWorkspace,
  guardedGet,
  ProcessRegistry,
  WarmSandboxPool,
} from "../src/index.js";

const root = mkdtempSync(join(tmpdir(), "claw-sandbox-bench-"));
const server = createServer((_req, res) => res.end("ok"));
try {
  const bwrap = await checkBwrap();
  const workspace = createWorkspace(root);
  const context = { toolCallId: "b", signal: new AbortController().signal, sessionKey: "agent:main:group" };
  const hostExec = createExecTool(workspace, new ProcessRegistry());
  const boxedExec = createExecTool(workspace, new ProcessRegistry(), {
    sandboxFor: () => ({ workspaceAccess: "rw", network: false }),
  });
  const warmSandboxes = new WarmSandboxPool();
  const warmExec = createExecTool(workspace, new ProcessRegistry(), {
    sandboxFor: () => ({ workspaceAccess: "rw", network: false }),
    warmSandboxes,
  });
  if (bwrap.ok) {
    await suite("sandbox", {
      baseline: { name: "exec `true` on the host", fn: () => hostExec.execute({ command: "true" }, context) },
      cases: [
        {
          name: "exec `true` in bubblewrap, started cold",
          fn: () => boxedExec.execute({ command: "true" }, context),
        },
        {
          name: "exec `true` in bubblewrap, started ahead (createCodingTools' default)",
          fn: () => warmExec.execute({ command: "true" }, context),
          target: { maxRatio: 3 },
        },
      ],
      minSamples: 40,
      minTimeMs: 500,
    });
    warmSandboxes.dispose();
  } else console.error(`sandbox bench skipped: ${bwrap.reason}`);

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
  const plainGet = () =>
    new Promise<void>((resolve, reject) =>
      get(url, { agent: false }, (res) => res.resume().on("end", resolve)).on("error", reject),
    );
  const guarded = async () => {
    const response = await guardedGet(url, {
      signal: new AbortController().signal,
      allowPrivate: ["127.0.0.1"],
    });
    for await (const _ of response.body);
  };
  const rows = await suite("ssrf guard", {
    baseline: { name: "plain http.get to loopback", fn: plainGet },
    cases: [{ name: "guardedGet to loopback", fn: guarded }],
    minSamples: 200,
  });
  const addresses = ["93.184.215.14", "2606:4700:4700::1111", "::ffff:10.0.0.1", "0x7f.1"];
  const checks = await suite("ssrf guard", {
    baseline: { name: "no check", fn: () => undefined },
    cases: [{ name: "blockedAddressReason × 4 addresses", fn: () => addresses.map(blockedAddressReason) }],
    minSamples: 1000,
  });
  const requestOverhead = Math.max(0, (rows[1]?.medianMs ?? 0) - (rows[0]?.medianMs ?? 0));
  report(
    "ssrf guard",
    "added per fetch (request wrapper + address checks)",
    requestOverhead + (checks[1]?.medianMs ?? 0),
    "ms",
    {
      target: { max: 1 },
    },
  );
} finally {
  server.close();
  rmSync(root, { recursive: true, force: true });
}
