/** Starts a real Claw gateway for a test (port 0, temp state dir) and a client connected to it. */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ClawClient } from "@claw/client";
import { validateConfig } from "@claw/config";
import type { FauxCall, FauxProvider, Model, StreamFunction } from "@claw/providers";
import { afterEach } from "vitest";
import { type ClawGateway, type StartClawOptions, startClaw } from "../src/index.js";

const running: ClawGateway[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((c) => c.close()));
});

export interface TestGatewayOptions {
  /** Extra models and a stream function (the faux provider); omit to use the real adapters. */
  models?: readonly Model[];
  stream?: StreamFunction;
  scopes?: string[];
  /** Watch the config file for hand edits (default false in tests: they call reload). */
  watchConfig?: boolean;
  ollamaProbe?: StartClawOptions["ollamaProbe"];
  /** An existing state dir (default: a fresh temp dir); with `port`, a restart of an earlier gateway. */
  stateDir?: string;
  port?: number;
  /** Serve this built Control UI (see @claw/control-ui/build). */
  controlUiRoot?: string;
  /** Keep it running across tests (the caller closes it); by default it closes after each test. */
  keepAcrossTests?: boolean;
}

/** Validates `document`, starts the gateway on it, and connects a client (closed by the test). */
export async function startTestGateway(document: Record<string, unknown>, options: TestGatewayOptions = {}) {
  const stateDir = options.stateDir ?? mkdtempSync(join(tmpdir(), "claw-gw-"));
  const result = validateConfig(document);
  if (!result.ok) throw new Error(`test config is invalid: ${JSON.stringify(result.issues)}`);
  // The file the gateway runs on, as a user's would be: live reloads read it back.
  const configPath = join(stateDir, "claw.json");
  writeFileSync(configPath, `${JSON.stringify(document, null, 2)}\n`);
  const claw = await startClaw({
    config: result.config,
    stateDir,
    configPath,
    watchConfig: options.watchConfig ?? false,
    ...(options.ollamaProbe ? { ollamaProbe: options.ollamaProbe } : {}),
    homeDir: stateDir,
    env: {},
    port: options.port ?? 0,
    ...(options.controlUiRoot ? { controlUiRoot: options.controlUiRoot } : {}),
    ...(options.models ? { models: options.models } : {}),
    ...(options.stream ? { stream: options.stream } : {}),
    watchSkills: false,
  });
  if (!options.keepAcrossTests) running.push(claw);
  const client = new ClawClient({
    url: claw.url,
    token: claw.token,
    stateDir,
    reconnect: { enabled: false },
    ...(options.scopes ? { scopes: options.scopes } : {}),
  });
  await client.connect();
  return { claw, client, stateDir };
}

/** The text of the last tool result the faux model was shown (what the model read back). */
export function lastToolResultText(faux: FauxProvider): string {
  return toolResultTextOf(faux.calls.at(-1));
}

/** The text of the last tool result in one faux model call's context. */
export function toolResultTextOf(call: Pick<FauxCall, "context"> | undefined): string {
  const messages = call?.context.messages ?? [];
  const result = messages.findLast((m) => m.role === "toolResult");
  return result?.role === "toolResult"
    ? result.content.map((c) => (c.type === "text" ? c.text : "")).join("")
    : "";
}
