/**
 * @claw/protocol — the gateway wire protocol as TypeBox schemas, wire-compatible with OpenClaw
 * (v4, and v3 as the reference documents describe).
 *
 * @example
 * import { checkFrame, METHODS, PROTOCOL_VERSION } from "@claw/protocol";
 * const r = checkFrame(JSON.parse(text));
 * if (!r.ok) console.error(r.message);
 */

export type { Static } from "typebox";
export * from "./constants.js";
export * from "./device-auth.js";
export * from "./errors.js";
export * from "./frames.js";
export * from "./handshake.js";
export * from "./json-schema.js";
export * from "./methods/agent.js";
export * from "./methods/agent-event.js";
export * from "./methods/chat.js";
export * from "./methods/config.js";
export * from "./methods/devices.js";
export * from "./methods/sessions.js";
export * from "./methods/system.js";
export * from "./scopes.js";
export * from "./table.js";
export * from "./validate.js";
