/**
 * The fake Discord gateway: a `ws` server speaking the documented opcodes — HELLO (10) with a
 * heartbeat interval, IDENTIFY (2) → READY then GUILD_CREATE per guild, HEARTBEAT (1) → ACK (11),
 * RESUME (6) → the missed dispatches replayed with their sequence numbers, then RESUMED, or
 * INVALID_SESSION (9) when the session is gone; dispatches (0) carry `s`. Faults: drop every
 * socket without a close frame, ask for RECONNECT (7), invalidate every session.
 */
import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { type WebSocket, WebSocketServer } from "ws";

interface Dispatch {
  op: 0;
  s: number;
  t: string;
  d: unknown;
}

interface Session {
  id: string;
  seq: number;
  log: Dispatch[];
  socket?: WebSocket;
}

export interface GatewayWorld {
  token: string;
  /** READY's `d` without session fields. */
  ready(): Record<string, unknown>;
  /** One GUILD_CREATE payload per guild, sent after READY. */
  guilds(): unknown[];
  /** The gateway's own URL (READY's `resume_gateway_url`). */
  url(): string;
}

export interface GatewayCounts {
  connections: number;
  identifies: number;
  resumes: number;
  heartbeats: number;
  /** RESUMEs answered with INVALID_SESSION. */
  refusedResumes: number;
}

const REPLAY_LIMIT = 10_000;

export class FakeGateway {
  readonly counts: GatewayCounts = {
    connections: 0,
    identifies: 0,
    resumes: 0,
    heartbeats: 0,
    refusedResumes: 0,
  };
  private readonly server = new WebSocketServer({ noServer: true });
  private readonly sessions = new Map<string, Session>();

  constructor(
    private readonly world: GatewayWorld,
    private readonly heartbeatIntervalMs: number,
  ) {
    this.server.on("connection", (socket) => this.accept(socket));
  }

  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    this.server.handleUpgrade(req, socket, head, (ws) => this.server.emit("connection", ws, req));
  }

  /** Sends a dispatch to every session (kept for a resume when its socket is down). */
  dispatch(t: string, d: unknown): void {
    for (const session of this.sessions.values()) this.emit(session, t, d);
  }

  /** Connections that are identified or resumed and open. */
  liveSessions(): number {
    return [...this.sessions.values()].filter((s) => s.socket?.readyState === 1).length;
  }

  /** Drops every socket without a close frame (a network failure: the client resumes). */
  dropConnections(): void {
    for (const socket of this.server.clients) socket.terminate();
  }

  /** Op 7: asks every client to reconnect and resume. */
  requestReconnect(): void {
    for (const socket of this.server.clients) send(socket, { op: 7, d: null, s: null, t: null });
  }

  /** Forgets every session and sends op 9 (not resumable): clients identify anew and miss what happens meanwhile. */
  invalidateSessions(): void {
    this.sessions.clear();
    for (const socket of this.server.clients) send(socket, { op: 9, d: false, s: null, t: null });
  }

  close(): void {
    for (const socket of this.server.clients) socket.terminate();
    this.server.close();
  }

  private emit(session: Session, t: string, d: unknown): void {
    session.seq += 1;
    const dispatch: Dispatch = { op: 0, s: session.seq, t, d };
    session.log.push(dispatch);
    if (session.log.length > REPLAY_LIMIT) session.log.shift();
    if (session.socket?.readyState === 1) send(session.socket, dispatch);
  }

  private accept(socket: WebSocket): void {
    this.counts.connections++;
    let session: Session | undefined;
    send(socket, { op: 10, d: { heartbeat_interval: this.heartbeatIntervalMs }, s: null, t: null });
    socket.on("message", (data) => {
      let frame: { op?: unknown; d?: Record<string, unknown> | number | null };
      try {
        frame = JSON.parse(String(data)) as typeof frame;
      } catch {
        socket.close(4002, "Error while decoding payload.");
        return;
      }
      const d = typeof frame.d === "object" && frame.d !== null ? frame.d : {};
      switch (frame.op) {
        case 1:
          this.counts.heartbeats++;
          send(socket, { op: 11, d: null, s: null, t: null });
          return;
        case 2:
          if (d.token !== this.world.token) return socket.close(4004, "Authentication failed.");
          this.counts.identifies++;
          session = this.identify(socket);
          return;
        case 6: {
          const found = this.sessions.get(String(d.session_id));
          const seq = Number(d.seq);
          const replayable = found && (found.log[0]?.s ?? found.seq + 1) <= seq + 1;
          if (d.token !== this.world.token || !found || !replayable) {
            this.counts.refusedResumes++;
            send(socket, { op: 9, d: false, s: null, t: null });
            return;
          }
          this.counts.resumes++;
          session = found;
          found.socket = socket;
          for (const missed of found.log) if (missed.s > seq) send(socket, missed);
          // RESUMED ends the replay; it is not itself replayed by a later resume.
          send(socket, { op: 0, s: found.seq, t: "RESUMED", d: {} });
          return;
        }
        default:
          return;
      }
    });
    socket.on("close", () => {
      if (session?.socket === socket) session.socket = undefined;
    });
  }

  private identify(socket: WebSocket): Session {
    // A client that identifies has given up its old sessions.
    for (const [id, old] of this.sessions) if (!old.socket || old.socket === socket) this.sessions.delete(id);
    const session: Session = { id: randomUUID().replace(/-/g, ""), seq: 0, log: [], socket };
    this.sessions.set(session.id, session);
    this.emit(session, "READY", {
      ...this.world.ready(),
      session_id: session.id,
      resume_gateway_url: this.world.url(),
      shard: [0, 1],
    });
    for (const guild of this.world.guilds()) this.emit(session, "GUILD_CREATE", guild);
    return session;
  }
}

function send(socket: WebSocket, payload: unknown): void {
  if (socket.readyState === 1) socket.send(JSON.stringify(payload));
}
