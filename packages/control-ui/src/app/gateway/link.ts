/**
 * The page's one connection to the gateway: signs in with the token (kept in localStorage, never
 * in a URL), keeps a WebCrypto device identity, reconnects after a restart, and hands views typed
 * requests and event subscriptions that outlive any one socket.
 */
import {
  BrowserClawClient,
  type EventName,
  type EventPayload,
  type GapInfo,
  GatewayRequestError,
  loadBrowserDevice,
  type MethodName,
  type MethodResult,
  type RequestArgs,
} from "@claw/client/browser";
import { createStore } from "./store.js";

const TOKEN_KEY = "claw.gatewayToken";
const SCOPES = [
  "operator.read",
  "operator.write",
  "operator.admin",
  "operator.approvals",
  "operator.pairing",
];

export type LinkState =
  | { phase: "signed-out"; error?: string }
  | { phase: "connecting" }
  | {
      phase: "connected";
      serverVersion: string;
      defaultAgentId?: string;
      mainSessionKey?: string;
      /** The gateway's `chat.send` attachment limits (hello-ok `policy.attachments`). */
      attachments?: { maxBytes: number; maxImageBytes: number };
    }
  | { phase: "reconnecting"; reason: string };

type Listener = (payload: never) => void;

function gatewayUrl(): string {
  return `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}`;
}

/** What went wrong, as the gateway (or the client) said it. */
export function describeError(error: unknown): string {
  if (error instanceof GatewayRequestError) return error.reason;
  return error instanceof Error ? error.message : String(error);
}

export class GatewayLink {
  readonly state = createStore<LinkState>({ phase: "signed-out" });
  /** Bumped after every (re)connect that may have missed events: views re-fetch. */
  readonly generation = createStore(0);
  private client?: BrowserClawClient;
  private readonly listeners = new Map<string, Set<Listener>>();

  /** Signs in with the stored token, if there is one. */
  async resume(): Promise<void> {
    const token = localStorage.getItem(TOKEN_KEY);
    if (token) await this.signIn(token);
  }

  async signIn(token: string): Promise<void> {
    await this.client?.close();
    this.state.set({ phase: "connecting" });
    const device = await loadBrowserDevice();
    const client = new BrowserClawClient({
      url: gatewayUrl(),
      token,
      scopes: SCOPES,
      client: { id: "openclaw-control-ui", mode: "ui", displayName: "Claw Control UI" },
      reconnect: { initialDelayMs: 300, maxDelayMs: 5_000 },
      ...(device ? { device } : {}),
      onHello: (hello) => {
        const defaults = hello.snapshot.sessionDefaults;
        this.state.set({
          phase: "connected",
          serverVersion: hello.server.version,
          ...(defaults
            ? { defaultAgentId: defaults.defaultAgentId, mainSessionKey: defaults.mainSessionKey }
            : {}),
          ...(hello.policy.attachments ? { attachments: hello.policy.attachments } : {}),
        });
      },
      onDisconnect: ({ code, reason }) => {
        if (this.client === client)
          this.state.set({ phase: "reconnecting", reason: reason || `connection closed (${code})` });
      },
      onGap: (_gap: GapInfo) => {
        if (this.client === client) this.generation.set((n) => n + 1);
      },
    });
    this.client = client;
    client.on("*", (payload, frame) => {
      for (const listener of this.listeners.get(frame.event) ?? [])
        (listener as (p: unknown) => void)(payload);
    });
    try {
      await client.connect();
      localStorage.setItem(TOKEN_KEY, token);
    } catch (error) {
      if (this.client === client) this.client = undefined;
      await client.close();
      this.state.set({ phase: "signed-out", error: describeError(error) });
    }
  }

  async signOut(): Promise<void> {
    localStorage.removeItem(TOKEN_KEY);
    const client = this.client;
    this.client = undefined;
    await client?.close();
    this.state.set({ phase: "signed-out" });
  }

  /** A typed request; fails with a readable message when not connected. */
  request<M extends MethodName>(method: M, ...args: RequestArgs<M>): Promise<MethodResult<M>> {
    if (!this.client) return Promise.reject(new Error("not connected to the gateway"));
    return this.client.request(method, ...args);
  }

  /** Subscribes to an event across reconnects; returns the unsubscribe function. */
  on<E extends EventName>(event: E, handler: (payload: EventPayload<E>) => void): () => void {
    const set = this.listeners.get(event) ?? new Set();
    set.add(handler as Listener);
    this.listeners.set(event, set);
    return () => set.delete(handler as Listener);
  }
}
