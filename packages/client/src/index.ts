/**
 * @claw/client — a typed WebSocket client for the Claw gateway (OpenClaw protocol v3/v4).
 *
 * @example
 * import { ClawClient } from "@claw/client";
 * const client = new ClawClient({ url: "ws://127.0.0.1:18789", token: process.env.CLAW_GATEWAY_TOKEN });
 * await client.connect();
 * console.log(await client.request("health"));
 */

// Commonly used: the client and its errors.
export {
  ClawClient,
  type ClawClientOptions,
  type ClientCoreOptions,
  type FinalResult,
  type GapInfo,
  type RequestArgs,
  type RequestOptions,
} from "./client.js";
export { CLIENT_ERROR_CODES, GatewayConnectError, GatewayRequestError } from "./errors.js";

// Protocol types a client works with, so consumers need not depend on @claw/protocol.
/** The protocol's types a client works with, so consumers need not depend on @claw/protocol. */
export type {
  AgentEvent,
  AgentEventData,
  AgentEventStream,
  AgentFinal,
  ChatEvent,
  ChatMessage,
  EventName,
  EventPayload,
  FailoverEventData,
  HealthSummary,
  MethodName,
  MethodParams,
  MethodResult,
  ModelEntry,
  SessionRow,
  StatusResult,
} from "@claw/protocol";

// Advanced: the platform-neutral core (browsers: import "@claw/client/browser"), sockets, devices.
export { type ClientPlatform, ClawClientCore } from "./client-core.js";
export type { DeviceAuthority } from "./device.js";
export type { ClientSocket, SocketFactory } from "./socket.js";
// Advanced: device identity and signing.
export { createDeviceIdentity, type DeviceIdentity, IdentityStore, signDeviceBlock } from "./identity.js";
