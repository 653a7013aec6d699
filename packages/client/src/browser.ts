/**
 * @claw/client/browser — the same typed gateway client for web pages: the browser's WebSocket,
 * a WebCrypto Ed25519 device, and no Node-only imports.
 *
 * @example
 * import { BrowserClawClient, loadBrowserDevice } from "@claw/client/browser";
 * const device = await loadBrowserDevice();
 * const client = new BrowserClawClient({ url: `ws://${location.host}`, token, device });
 * await client.connect();
 */
import { ClawClientCore, type ClientCoreOptions } from "./client-core.js";
import type { DeviceAuthority } from "./device.js";
import type { ClientSocket } from "./socket.js";

export interface BrowserClawClientOptions extends ClientCoreOptions {
  /** From `loadBrowserDevice()`; omit to connect with the token alone. */
  device?: DeviceAuthority;
}

function browserSocket(url: string): ClientSocket {
  const ws = new WebSocket(url);
  return {
    isOpen: () => ws.readyState === WebSocket.OPEN,
    isClosed: () => ws.readyState === WebSocket.CLOSED,
    send: (text) => ws.send(text),
    close: (code) => ws.close(code),
    onMessage: (listener) =>
      ws.addEventListener("message", (event) => {
        if (typeof event.data === "string") listener(event.data);
      }),
    onClose: (listener) => ws.addEventListener("close", (event) => listener(event.code, event.reason)),
    // The browser hides why a socket failed; the close that follows carries the code.
    onError: (listener) => ws.addEventListener("error", () => listener("the WebSocket failed")),
  };
}

/** The gateway client in a web page. */
export class BrowserClawClient extends ClawClientCore {
  constructor(options: BrowserClawClientOptions) {
    super(options, {
      openSocket: browserSocket,
      ...(options.device ? { device: options.device } : {}),
      clientDefaults: { id: "webchat-ui", mode: "webchat", platform: "web" },
    });
  }
}

// The protocol's types a page works with.
export type {
  AgentEvent,
  ChatEvent,
  ChatMessage,
  CommandEntry,
  ConfigWriteResult,
  EventName,
  EventPayload,
  HealthSummary,
  MethodName,
  MethodParams,
  MethodResult,
  ModelEntry,
  PendingExecApproval,
  SessionRow,
  StatusResult,
} from "@claw/protocol";
// Commonly used: the client, its device, its errors.
export { loadBrowserDevice } from "./browser-device.js";
export type {
  ClientCoreOptions,
  FinalResult,
  GapInfo,
  RequestArgs,
  RequestOptions,
} from "./client-core.js";
export type { DeviceAuthority } from "./device.js";
export { CLIENT_ERROR_CODES, GatewayConnectError, GatewayRequestError } from "./errors.js";
export { randomId } from "./random-id.js";
