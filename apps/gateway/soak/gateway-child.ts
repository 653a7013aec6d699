/**
 * The real gateway (startClaw: config → runtime → WS server) with a faux model, as its own
 * process, for the SIGKILL durability loop. Usage: `gateway-child.ts <stateDir>`; prints one
 * JSON line `{url, token}` once listening, stops on SIGTERM, and is meant to be SIGKILLed.
 */
import { createFauxProvider } from "@claw/providers";
import { startChildGateway } from "../test/fixtures/child-gateway.js";

const stateDir = process.argv[2];
if (!stateDir) {
  process.stderr.write("usage: gateway-child.ts <stateDir>\n");
  process.exit(2);
}
// Each reply streams in a few chunks, so a burst leaves runs queued behind each session's first.
const faux = createFauxProvider([{ text: "noted, thank you", chunkSize: 4, chunkDelayMs: 2 }], {
  provider: "faux",
  whenExhausted: "repeat-last",
  recordCalls: false,
});
const claw = await startChildGateway(
  stateDir,
  { agents: { defaults: { model: "faux/faux-1", skipBootstrap: true, maxConcurrent: 8 } } },
  faux,
);
process.stdout.write(`${JSON.stringify({ url: claw.url, token: claw.token })}\n`);
process.on("SIGTERM", () => {
  void claw.close({ reason: "soak stop" }).then(() => process.exit(0));
});
