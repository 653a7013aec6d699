import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import Schema from "typebox/schema";

/** The OpenClaw schemas and captured traffic, copied into the repository (see fixtures/README.md). */
export const REF = fileURLToPath(new URL("../../../../fixtures/openclaw", import.meta.url));
const core = JSON.parse(readFileSync(`${REF}/openclaw-protocol-2026.9.6-core.schema.json`, "utf8")) as {
  definitions: Record<string, Record<string, unknown>>;
};
const full = JSON.parse(readFileSync(`${REF}/openclaw-protocol.schema.json`, "utf8")) as {
  definitions: Record<string, unknown>;
};

const cache = new Map<string, ReturnType<typeof Schema.Compile>>();

function compile(key: string, schema: Record<string, unknown>) {
  let v = cache.get(key);
  if (!v) {
    v = Schema.Compile(schema as never);
    cache.set(key, v);
  }
  return v;
}

/** Errors of `value` against an OpenClaw definition (core first, then the full schema), or null. */
export function openclawErrors(name: string, value: unknown): string | null {
  const defs = name in core.definitions ? core.definitions : full.definitions;
  const [ok, errors] = compile(name, { $ref: `#/definitions/${name}`, definitions: defs }).Errors(value);
  return ok ? null : `${name}: ${JSON.stringify(errors.slice(0, 3))}`;
}

/** OpenClaw's health summary definition (Snapshot.health). */
export function openclawHealthErrors(value: unknown): string | null {
  const health = core.definitions.Snapshot?.properties as Record<string, Record<string, unknown>>;
  const [ok, errors] = compile("health", health.health as Record<string, unknown>).Errors(value);
  return ok ? null : `health: ${JSON.stringify(errors.slice(0, 3))}`;
}

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
