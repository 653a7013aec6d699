import WebSocket from "ws";
import { ClawClientCore, type ClientCoreOptions } from "./client-core.js";
import type { DeviceAuthority } from "./device.js";
import { IdentityStore, signDeviceBlock } from "./identity.js";
import type { ClientSocket } from "./socket.js";

export type {
  ClientCoreOptions,
  FinalResult,
  GapInfo,
  RequestArgs,
  RequestOptions,
} from "./client-core.js";

export interface ClawClientOptions extends ClientCoreOptions {
  /** Device identity and device token are kept under `<stateDir>/identity/`. Omit for no device. */
  stateDir?: string;
}

/** Node's `ws` socket as the client core's socket. */
function nodeSocket(url: string): ClientSocket {
  const ws = new WebSocket(url);
  // Errors also arrive as a close; without a listener `ws` would throw them.
  ws.on("error", () => {});
  return {
    isOpen: () => ws.readyState === WebSocket.OPEN,
    isClosed: () => ws.readyState === WebSocket.CLOSED,
    send: (text) => ws.send(text),
    close: (code) => ws.close(code),
    onMessage: (listener) => ws.on("message", (data) => listener(String(data))),
    onClose: (listener) => ws.once("close", (code, reason) => listener(code, String(reason))),
    onError: (listener) => ws.on("error", (err) => listener(err.message)),
  };
}

/** The device identity and tokens under `<stateDir>/identity/`. */
function fileDevice(stateDir: string): DeviceAuthority {
  const store = new IdentityStore(stateDir);
  const identity = store.loadOrCreate();
  return {
    sign: async (params, nonce, token) => signDeviceBlock(identity, params, nonce, token),
    loadToken: (role) => store.loadTokenEntry(role),
    saveToken: (role, token, scopes) => store.saveToken(role, token, scopes),
    tokenLocation: store.tokenPath,
  };
}

/**
 * Typed client for the Claw (and OpenClaw) gateway on Node: signed connect, requests with
 * timeouts, event subscription, reconnect with back-off, and gap detection through `seq`.
 *
 * @example
 * const client = new ClawClient({ url: "ws://127.0.0.1:18789", token, stateDir: "/home/me/.claw",
 *   onGap: () => refreshEverything() });
 * await client.connect();
 * const health = await client.request("health");
 * const off = client.on("chat", (p) => console.log(p));
 */
export class ClawClient extends ClawClientCore {
  constructor(options: ClawClientOptions) {
    super(options, {
      openSocket: nodeSocket,
      ...(options.stateDir ? { device: fileDevice(options.stateDir) } : {}),
      clientDefaults: { id: "gateway-client", mode: "backend", platform: process.platform },
    });
  }
}
