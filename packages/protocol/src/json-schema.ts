import { MIN_PROTOCOL_VERSION, PROTOCOL_LIMITS, PROTOCOL_VERSION } from "./constants.js";
import { ErrorShape } from "./errors.js";
import { EventFrame, GatewayFrame, RequestFrame, ResponseFrame, StateVersion } from "./frames.js";
import {
  ConnectChallenge,
  ConnectParams,
  HelloOk,
  PresenceEntry,
  ShutdownEvent,
  Snapshot,
  TickEvent,
} from "./handshake.js";
import { EVENTS, METHODS } from "./table.js";

/**
 * The whole protocol as one draft-07 JSON Schema document, generated from the TypeBox source:
 * frame definitions, per-method params/result/scope and per-event payloads.
 *
 * @example
 * writeFileSync("protocol.schema.json", JSON.stringify(protocolJsonSchema(), null, 2));
 */
export function protocolJsonSchema(): Record<string, unknown> {
  const definitions: Record<string, unknown> = {
    GatewayFrame,
    RequestFrame,
    ResponseFrame,
    EventFrame,
    ErrorShape,
    StateVersion,
    ConnectChallenge,
    ConnectParams,
    HelloOk,
    Snapshot,
    PresenceEntry,
    TickEvent,
    ShutdownEvent,
  };
  const methods: Record<string, unknown> = {};
  for (const [name, spec] of Object.entries(METHODS)) {
    methods[name] = {
      scope: spec.scope,
      sideEffect: spec.sideEffect,
      summary: spec.summary,
      params: spec.params,
      result: spec.result,
    };
  }
  const events: Record<string, unknown> = {};
  for (const [name, spec] of Object.entries(EVENTS)) {
    events[name] = { stateful: spec.stateful, summary: spec.summary, payload: spec.payload };
  }
  return JSON.parse(
    JSON.stringify({
      $schema: "http://json-schema.org/draft-07/schema#",
      $id: "claw-gateway-protocol",
      title: "Claw gateway protocol (OpenClaw-compatible)",
      "x-protocol": { version: PROTOCOL_VERSION, minVersion: MIN_PROTOCOL_VERSION, limits: PROTOCOL_LIMITS },
      oneOf: [
        { $ref: "#/definitions/RequestFrame" },
        { $ref: "#/definitions/ResponseFrame" },
        { $ref: "#/definitions/EventFrame" },
      ],
      definitions,
      methods,
      events,
    }),
  ) as Record<string, unknown>;
}
