/**
 * Test helpers: a real gateway on port 0 with a faux model (the apps/gateway pattern), whose state
 * dir is `<home>/.claw`, so `claw` finds it through gateway.json and gateway.token like a person would.
 * Every test home names a free port of its own as `gateway.port`, so no test ever reaches a gateway
 * the user runs on the default port 18789.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type ClawGateway, startClaw } from "@claw/app-gateway";
import { validateConfig } from "@claw/config";
import { createFauxProvider, type Model } from "@claw/providers";
import type { CliIo } from "../src/io.js";
import { run } from "../src/main.js";

export type FauxScript = Parameters<typeof createFauxProvider>[0];

export interface TestHome {
  home: string;
  stateDir: string;
  faux: ReturnType<typeof createFauxProvider>;
  cleanup(): Promise<void>;
}

export const BASE_CONFIG = { agents: { defaults: { model: "faux/faux-1" } } };

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

/**
 * A free port below Linux's and macOS's ephemeral ranges (32768+ / 49152+), so no port-0 listener
 * of a parallel test takes it while a test home names it.
 */
export async function quietPort(): Promise<number> {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    if (port !== 18789 && (await portIsFree(port))) return port;
  }
}

/** The port every test home of this file names as `gateway.port`; nothing listens on it. */
export const TEST_HOME_PORT = await quietPort();

/** `document` with `gateway.port` set to TEST_HOME_PORT unless the test chose one. */
function withTestPort(document: Record<string, unknown>): Record<string, unknown> {
  const gateway = (document.gateway ?? {}) as Record<string, unknown>;
  return "port" in gateway ? document : { ...document, gateway: { ...gateway, port: TEST_HOME_PORT } };
}

/** A temp home with `.claw/claw.json` using the faux model, on TEST_HOME_PORT (never the default 18789). */
export function createHome(
  script: FauxScript = [],
  document: Record<string, unknown> = BASE_CONFIG,
): TestHome {
  const home = mkdtempSync(join(tmpdir(), "claw-cli-"));
  const stateDir = join(home, ".claw");
  mkdirSync(stateDir, { recursive: true });
  writeFileSync(join(stateDir, "claw.json"), JSON.stringify(withTestPort(document), null, 2));
  const faux = createFauxProvider(script, { provider: "faux" });
  return {
    home,
    stateDir,
    faux,
    cleanup: async () => rmSync(home, { recursive: true, force: true }),
  };
}

/** Starts a real gateway for `home` on port 0 (with `models` instead of the home's faux model). */
export async function startGateway(
  home: TestHome,
  document: Record<string, unknown> = BASE_CONFIG,
  models: readonly Model[] = [home.faux.model],
): Promise<ClawGateway> {
  const result = validateConfig(document);
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return startClaw({
    config: result.config,
    stateDir: home.stateDir,
    configPath: join(home.stateDir, "claw.json"),
    homeDir: home.home,
    env: {},
    port: 0,
    models: [...models],
    stream: home.faux.stream,
    watchSkills: false,
  });
}

export interface ClawResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `claw argv` in-process against `home`, capturing output. */
export async function claw(
  home: TestHome,
  argv: string[],
  env: Record<string, string> = {},
): Promise<ClawResult> {
  let stdout = "";
  let stderr = "";
  const io: CliIo = {
    stdout: (t) => {
      stdout += t;
    },
    stderr: (t) => {
      stderr += t;
    },
    env: { PATH: process.env.PATH, ...env },
    homeDir: home.home,
    isTTY: false,
    embedded: { models: [home.faux.model], stream: home.faux.stream },
  };
  const code = await run(argv, io);
  return { code, stdout, stderr };
}
