/**
 * @claw/protocol — the gateway wire protocol as TypeBox schemas, wire-compatible with OpenClaw
 * (v4, and v3 as the reference documents describe).
 *
 * @example
 * import { checkFrame, METHODS, PROTOCOL_VERSION } from "@claw/protocol";
 * const r = checkFrame(JSON.parse(text));
 * if (!r.ok) console.error(r.message);
 */

// Commonly used: frames, validation, constants and the method/event tables.
export * from "./frames.js";
export * from "./validate.js";
export * from "./constants.js";
export * from "./table.js";
export * from "./errors.js";

// Method and event schemas.
export * from "./handshake.js";
export * from "./methods/agent.js";
export * from "./methods/agent-event.js";
export * from "./methods/approvals.js";
export * from "./methods/browser.js";
export * from "./methods/channels.js";
export * from "./methods/agents.js";
export * from "./methods/chat.js";
export * from "./methods/diagnostics.js";
export * from "./methods/commands.js";
export * from "./methods/config.js";
export * from "./methods/cron.js";
export * from "./methods/heartbeat.js";
export * from "./methods/devices.js";
export * from "./methods/session-events.js";
export * from "./methods/sessions.js";
export * from "./methods/system.js";

// Advanced: device auth, scopes, JSON Schema export.
export * from "./device-auth.js";
export * from "./scopes.js";
export * from "./json-schema.js";
export type { Static } from "typebox";
