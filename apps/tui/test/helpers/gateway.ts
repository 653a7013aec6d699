/** A real Claw gateway on 127.0.0.1 port 0 with a scripted faux model, for terminal tests. */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type ClawGateway, startClaw } from "@claw/app-gateway";
import { type ClawConfig, validateConfig } from "@claw/config";
import { createFauxProvider, type FauxProvider, type FauxStep, type Model } from "@claw/providers";

export interface TestGateway {
  claw: ClawGateway;
  faux: FauxProvider;
  stateDir: string;
  /** Closes the gateway and starts a new one on the same port and state dir. */
  restart(): Promise<ClawGateway>;
  close(): Promise<void>;
}

export async function startTestGateway(
  script: FauxStep[],
  document: Record<string, unknown> = {},
  extraModels: (faux: FauxProvider) => Model[] = () => [],
): Promise<TestGateway> {
  const stateDir = mkdtempSync(join(tmpdir(), "claw-tui-"));
  const faux = createFauxProvider(script, { provider: "faux" });
  const result = validateConfig({ agents: { defaults: { model: "faux/faux-1" } }, ...document });
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  const config: ClawConfig = result.config;
  const models = [faux.model, ...extraModels(faux)];
  const boot = (port: number) =>
    startClaw({
      config,
      stateDir,
      configPath: join(stateDir, "claw.json"),
      homeDir: stateDir,
      env: {},
      port,
      models,
      stream: faux.stream,
      watchSkills: false,
    });
  const gw: TestGateway = {
    claw: await boot(0),
    faux,
    stateDir,
    async restart() {
      const port = gw.claw.port;
      await gw.claw.close({ reason: "restart", restartExpectedMs: 50 });
      gw.claw = await boot(port);
      return gw.claw;
    },
    close: () => gw.claw.close(),
  };
  return gw;
}
