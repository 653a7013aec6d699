import { openclawErrors, openclawHealthErrors } from "../../../protocol/test/openclaw-oracle.js";

export { openclawErrors, openclawHealthErrors, REF } from "../../../protocol/test/openclaw-oracle.js";

/** Validates a frame the gateway sent, and its payload where OpenClaw publishes a definition. */
export function validateServerFrame(frame: Record<string, unknown>): string[] {
  const problems: string[] = [];
  const push = (e: string | null) => e && problems.push(e);
  push(openclawErrors("GatewayFrame", frame));
  if (frame.type === "res") {
    if (frame.ok === false) push(openclawErrors("ErrorShape", frame.error));
    const p = frame.payload as Record<string, unknown> | undefined;
    if (p?.type === "hello-ok") push(openclawErrors("HelloOk", p));
  }
  if (frame.type === "event") {
    const p = frame.payload;
    const name = frame.event;
    if (name === "tick") push(openclawErrors("TickEvent", p));
    if (name === "shutdown") push(openclawErrors("ShutdownEvent", p));
    if (name === "agent") push(openclawErrors("AgentEvent", p));
    if (name === "chat") push(openclawErrors("ChatEvent", p));
    if (name === "health") push(openclawHealthErrors(p));
    if (name === "device.pair.requested") push(openclawErrors("DevicePairRequestedEvent", p));
  }
  return problems;
}
