/**
 * Node 24 soak: 30 cold starts of the gateway process (`bin/claw-gateway.js --port 0`, fresh
 * state), each with 50 clients connecting at once the moment it listens, calling `health` and
 * `sessions.list`, then SIGTERM. A crash is an exit that is not a clean 0 (better-sqlite3 ≤ 12
 * aborted here in `Statement::~Statement()` on Node 24). Target: 0 crashes on Node 24. The same
 * soak on the running Node is the baseline for the time until all 50 have their hello-ok.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { report } from "@claw/bench-harness";
import { ClawClient } from "@claw/client";
import { ensureNode24 } from "../../../scripts/node24.mjs";
import { exitOf, listeningUrl, requireBuiltGateway, spawnGateway } from "./gateway-process.js";

requireBuiltGateway();

const ROUNDS = Number(process.env.CLAW_SOAK_ROUNDS ?? 30);
const CLIENTS = 50;
const TIMEOUT_MS = 30_000;

interface Round {
  crashed: boolean;
  detail: string;
  allConnectedMs: number;
}

/** One cold start: listen, 50 clients at once, each `health` + `sessions.list`, SIGTERM, exit. */
async function soakRound(node: string): Promise<Round> {
  const home = mkdtempSync(join(tmpdir(), "claw-soak-"));
  const { child, output } = spawnGateway(node, home);
  const ended = exitOf(child);
  try {
    const url = await listeningUrl({ child, output }, TIMEOUT_MS);
    const token = readFileSync(join(home, ".claw", "gateway.token"), "utf8").trim();
    const t0 = performance.now();
    const clients = Array.from(
      { length: CLIENTS },
      () => new ClawClient({ url, token, reconnect: { enabled: false } }),
    );
    await Promise.all(clients.map((c) => c.connect()));
    const allConnectedMs = performance.now() - t0;
    await Promise.all(
      clients.map((c) => Promise.all([c.request("health", {}), c.request("sessions.list", {})])),
    );
    await Promise.all(clients.map((c) => c.close()));
    child.kill("SIGTERM");
    const { code, signal } = await ended;
    const crashed = code !== 0 || /Assertion failed|Segmentation fault/.test(output.stderr);
    return {
      crashed,
      detail: crashed ? `exit ${code ?? signal}: ${output.stderr.slice(-300)}` : "",
      allConnectedMs,
    };
  } catch (error) {
    child.kill("SIGKILL");
    const { code, signal } = await ended;
    return {
      crashed: true,
      detail: `${error instanceof Error ? error.message : String(error)}; exit ${code ?? signal}: ${output.stderr.slice(-300)}`,
      allConnectedMs: Number.NaN,
    };
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

async function soak(node: string, label: string): Promise<{ crashes: number; medianMs: number }> {
  const rounds: Round[] = [];
  for (let i = 0; i < ROUNDS; i++) rounds.push(await soakRound(node));
  const crashed = rounds.filter((r) => r.crashed);
  for (const r of crashed.slice(0, 3)) process.stderr.write(`node24 soak (${label}): ${r.detail}\n`);
  const times = rounds
    .map((r) => r.allConnectedMs)
    .filter(Number.isFinite)
    .sort((a, b) => a - b);
  return { crashes: crashed.length, medianMs: times[Math.floor(times.length / 2)] ?? Number.NaN };
}

const suite = `gateway cold start + ${CLIENTS} clients × ${ROUNDS}`;
const host = await soak(process.execPath, `Node ${process.version}`);
const node24 = ensureNode24();
const on24 = await soak(node24, "Node 24");
report(suite, `${CLIENTS} hello-ok, Node ${process.version} (baseline)`, host.medianMs, "ms");
report(suite, `${CLIENTS} hello-ok, Node 24`, on24.medianMs, "ms", {
  baseline: { name: `Node ${process.version}`, value: host.medianMs },
});
report(suite, `crashes, Node ${process.version}`, host.crashes, "count", { target: { max: 0 } });
report(suite, "crashes, Node 24", on24.crashes, "count", { target: { max: 0 } });
