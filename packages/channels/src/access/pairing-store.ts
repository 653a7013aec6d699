/**
 * DM pairing in state.db: an unknown sender gets a short code; the owner approves it (`claw
 * pairing approve telegram CODE`) and the sender is remembered. Codes expire, each account holds
 * a few pending requests at most, and a sender who keeps writing is not sent the code again
 * more often than `renotifyMs`.
 */
import { randomInt } from "node:crypto";
import type { SqliteDatabase } from "../state/sqlite.js";

const SCHEMA = `
CREATE TABLE IF NOT EXISTS channel_pairing_requests (
  channel TEXT NOT NULL, account_id TEXT NOT NULL, sender_id TEXT NOT NULL, code TEXT NOT NULL,
  sender_label TEXT, created_at INTEGER NOT NULL, last_seen_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL, notified_at INTEGER NOT NULL,
  PRIMARY KEY (channel, account_id, sender_id)
);
CREATE TABLE IF NOT EXISTS channel_allowed_senders (
  channel TEXT NOT NULL, account_id TEXT NOT NULL, sender_id TEXT NOT NULL,
  sender_label TEXT, approved_at INTEGER NOT NULL,
  PRIMARY KEY (channel, account_id, sender_id)
);`;

/** No 0/O, 1/I/L: codes are read off a phone and typed into a terminal. */
const CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
const CODE_LENGTH = 8;

export interface PairingLimits {
  /** Pending requests per account (default 3); more senders get no code until one is decided. */
  pendingPerAccount: number;
  /** How long a code stays valid (default 1 h). */
  ttlMs: number;
  /** Least time between two code messages to one sender (default 10 min). */
  renotifyMs: number;
}

export const DEFAULT_PAIRING_LIMITS: PairingLimits = {
  pendingPerAccount: 3,
  ttlMs: 60 * 60_000,
  renotifyMs: 10 * 60_000,
};

export interface PairingRequestRow {
  channel: string;
  accountId: string;
  senderId: string;
  senderLabel?: string;
  code: string;
  createdAt: number;
  lastSeenAt: number;
  expiresAt: number;
}

export type PairingAsk =
  | { status: "created" | "pending"; code: string; notify: boolean }
  | { status: "full" };

export interface PairingStore {
  readonly limits: PairingLimits;
  /** Records that an unknown sender wrote; returns their code and whether to send it now. */
  ask(channel: string, accountId: string, sender: { id: string; label?: string }, now?: number): PairingAsk;
  isApproved(channel: string, accountId: string, senderId: string): boolean;
  list(filter?: { channel?: string; accountId?: string }, now?: number): PairingRequestRow[];
  /** Approves by code; returns the request, or undefined when no live request has that code. */
  approve(channel: string, code: string, accountId?: string, now?: number): PairingRequestRow | undefined;
  deny(channel: string, code: string, accountId?: string, now?: number): PairingRequestRow | undefined;
  /** Approved senders of a channel account. */
  approved(
    channel: string,
    accountId: string,
  ): { senderId: string; senderLabel?: string; approvedAt: number }[];
}

function newCode(): string {
  let code = "";
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

function toRow(raw: unknown): PairingRequestRow {
  const r = raw as Record<string, unknown>;
  return {
    channel: String(r.channel),
    accountId: String(r.account_id),
    senderId: String(r.sender_id),
    ...(typeof r.sender_label === "string" ? { senderLabel: r.sender_label } : {}),
    code: String(r.code),
    createdAt: Number(r.created_at),
    lastSeenAt: Number(r.last_seen_at),
    expiresAt: Number(r.expires_at),
  };
}

/**
 * @example
 * const pairing = openPairingStore(db);
 * const ask = pairing.ask("telegram", "default", { id: "42", label: "@alice" });
 * if (ask.status !== "full" && ask.notify) reply(`Pairing code: ${ask.code}`);
 * pairing.approve("telegram", ask.code); // later, from `claw pairing approve`
 */
export function openPairingStore(db: SqliteDatabase, limits: Partial<PairingLimits> = {}): PairingStore {
  db.exec(SCHEMA);
  const settings: PairingLimits = { ...DEFAULT_PAIRING_LIMITS, ...limits };
  const expire = db.prepare("DELETE FROM channel_pairing_requests WHERE expires_at <= ?");
  const get = db.prepare(
    "SELECT * FROM channel_pairing_requests WHERE channel = ? AND account_id = ? AND sender_id = ?",
  );
  const countPending = db.prepare(
    "SELECT COUNT(*) AS n FROM channel_pairing_requests WHERE channel = ? AND account_id = ?",
  );
  const insert = db.prepare(
    "INSERT INTO channel_pairing_requests (channel, account_id, sender_id, code, sender_label, created_at, last_seen_at, expires_at, notified_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
  );
  const touch = db.prepare(
    "UPDATE channel_pairing_requests SET last_seen_at = ?, notified_at = ? WHERE channel = ? AND account_id = ? AND sender_id = ?",
  );
  const byCode = db.prepare(
    "SELECT * FROM channel_pairing_requests WHERE channel = ? AND upper(code) = upper(?) AND (? IS NULL OR account_id = ?)",
  );
  const remove = db.prepare(
    "DELETE FROM channel_pairing_requests WHERE channel = ? AND account_id = ? AND sender_id = ?",
  );
  const allow = db.prepare(
    "INSERT OR REPLACE INTO channel_allowed_senders (channel, account_id, sender_id, sender_label, approved_at) VALUES (?, ?, ?, ?, ?)",
  );
  const isAllowed = db.prepare(
    "SELECT 1 FROM channel_allowed_senders WHERE channel = ? AND account_id = ? AND sender_id = ?",
  );
  const listAllowed = db.prepare(
    "SELECT sender_id, sender_label, approved_at FROM channel_allowed_senders WHERE channel = ? AND account_id = ? ORDER BY approved_at",
  );
  const listAll = db.prepare(
    "SELECT * FROM channel_pairing_requests WHERE (? IS NULL OR channel = ?) AND (? IS NULL OR account_id = ?) ORDER BY created_at",
  );

  const decide =
    (approve: boolean) =>
    (channel: string, code: string, accountId?: string, now = Date.now()) =>
      db.transaction(() => {
        expire.run(now);
        const raw = byCode.get(channel, code.trim(), accountId ?? null, accountId ?? null);
        if (!raw) return undefined;
        const row = toRow(raw);
        remove.run(row.channel, row.accountId, row.senderId);
        if (approve) allow.run(row.channel, row.accountId, row.senderId, row.senderLabel ?? null, now);
        return row;
      })();

  return {
    limits: settings,
    ask: (channel, accountId, sender, now = Date.now()) =>
      db.transaction((): PairingAsk => {
        expire.run(now);
        const existing = get.get(channel, accountId, sender.id) as Record<string, unknown> | undefined;
        if (existing) {
          const notify = now - Number(existing.notified_at) >= settings.renotifyMs;
          touch.run(now, notify ? now : Number(existing.notified_at), channel, accountId, sender.id);
          return { status: "pending", code: String(existing.code), notify };
        }
        const pending = Number((countPending.get(channel, accountId) as { n: number }).n);
        if (pending >= settings.pendingPerAccount) return { status: "full" };
        const code = newCode();
        insert.run(
          channel,
          accountId,
          sender.id,
          code,
          sender.label ?? null,
          now,
          now,
          now + settings.ttlMs,
          now,
        );
        return { status: "created", code, notify: true };
      })(),
    isApproved: (channel, accountId, senderId) => isAllowed.get(channel, accountId, senderId) !== undefined,
    list(filter = {}, now = Date.now()) {
      expire.run(now);
      const channel = filter.channel ?? null;
      const account = filter.accountId ?? null;
      return listAll.all(channel, channel, account, account).map(toRow);
    },
    approve: decide(true),
    deny: decide(false),
    approved: (channel, accountId) =>
      listAllowed.all(channel, accountId).map((raw) => {
        const r = raw as Record<string, unknown>;
        return {
          senderId: String(r.sender_id),
          ...(typeof r.sender_label === "string" ? { senderLabel: r.sender_label } : {}),
          approvedAt: Number(r.approved_at),
        };
      }),
  };
}
