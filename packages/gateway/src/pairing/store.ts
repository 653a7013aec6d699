import { createHash, randomBytes, randomUUID } from "node:crypto";
import { base64UrlEncode, type PairedDevice, type PairingRequest } from "@claw/protocol";
import type { StateDb } from "../state/db.js";

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** Paired devices, pending pairing requests and device tokens (stored hashed), in SQLite. */
export class PairingStore {
  constructor(
    private readonly db: StateDb,
    private readonly now: () => number = Date.now,
  ) {}

  getPaired(deviceId: string): PairedDevice | undefined {
    const row = this.db.prepare("SELECT * FROM gateway_paired_devices WHERE device_id = ?").get(deviceId) as
      | Record<string, string | number | null>
      | undefined;
    return row ? toPaired(row) : undefined;
  }

  listPaired(): PairedDevice[] {
    const rows = this.db.prepare("SELECT * FROM gateway_paired_devices ORDER BY approved_at").all() as Record<
      string,
      string | number | null
    >[];
    return rows.map(toPaired);
  }

  approve(device: Omit<PairedDevice, "approvedAtMs">): PairedDevice {
    const paired = { ...device, approvedAtMs: this.now() };
    this.db
      .prepare(
        `INSERT INTO gateway_paired_devices (device_id, public_key, display_name, platform, roles, approved_at, approved_by)
         VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT(device_id) DO UPDATE SET roles = excluded.roles`,
      )
      .run(
        paired.deviceId,
        paired.publicKey,
        paired.displayName ?? null,
        paired.platform ?? null,
        JSON.stringify(paired.roles),
        paired.approvedAtMs,
        paired.approvedBy,
      );
    return paired;
  }

  /** Records a pairing request, reusing the pending one of the same device. */
  request(input: Omit<PairingRequest, "requestId" | "ts">): PairingRequest {
    const existing = this.listPending().find((r) => r.deviceId === input.deviceId);
    if (existing) return existing;
    const req: PairingRequest = { ...input, requestId: randomUUID(), ts: this.now() };
    this.db
      .prepare(
        "INSERT INTO gateway_pairing_requests (request_id, device_id, payload, created_at) VALUES (?, ?, ?, ?)",
      )
      .run(req.requestId, req.deviceId, JSON.stringify(req), req.ts);
    return req;
  }

  listPending(): PairingRequest[] {
    const rows = this.db
      .prepare("SELECT payload FROM gateway_pairing_requests ORDER BY created_at")
      .all() as { payload: string }[];
    return rows.map((r) => JSON.parse(r.payload) as PairingRequest);
  }

  /** Removes and returns a pending request. */
  takePending(requestId: string): PairingRequest | undefined {
    const row = this.db
      .prepare("SELECT payload FROM gateway_pairing_requests WHERE request_id = ?")
      .get(requestId) as { payload: string } | undefined;
    if (!row) return undefined;
    this.db.prepare("DELETE FROM gateway_pairing_requests WHERE request_id = ?").run(requestId);
    return JSON.parse(row.payload) as PairingRequest;
  }

  /** Issues (replacing any previous) the token of a device and role; only its hash is kept. */
  issueToken(
    deviceId: string,
    role: string,
    scopes: readonly string[],
  ): { token: string; issuedAtMs: number } {
    const token = base64UrlEncode(randomBytes(32));
    const issuedAtMs = this.now();
    this.db
      .prepare(
        `INSERT INTO gateway_device_tokens (device_id, role, token_hash, scopes, issued_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT(device_id, role) DO UPDATE SET token_hash = excluded.token_hash, scopes = excluded.scopes, issued_at = excluded.issued_at`,
      )
      .run(deviceId, role, hashToken(token), JSON.stringify(scopes), issuedAtMs);
    return { token, issuedAtMs };
  }

  /** The scopes of a valid token, or undefined. Hash lookup, so no timing leak on the token. */
  verifyToken(deviceId: string, role: string, token: string): string[] | undefined {
    const row = this.db
      .prepare("SELECT token_hash, scopes FROM gateway_device_tokens WHERE device_id = ? AND role = ?")
      .get(deviceId, role) as { token_hash: string; scopes: string } | undefined;
    if (!row || row.token_hash !== hashToken(token)) return undefined;
    return JSON.parse(row.scopes) as string[];
  }

  tokenScopes(deviceId: string, role: string): string[] | undefined {
    const row = this.db
      .prepare("SELECT scopes FROM gateway_device_tokens WHERE device_id = ? AND role = ?")
      .get(deviceId, role) as { scopes: string } | undefined;
    return row ? (JSON.parse(row.scopes) as string[]) : undefined;
  }

  revokeToken(deviceId: string, role: string): boolean {
    return (
      this.db
        .prepare("DELETE FROM gateway_device_tokens WHERE device_id = ? AND role = ?")
        .run(deviceId, role).changes > 0
    );
  }
}

function toPaired(row: Record<string, string | number | null>): PairedDevice {
  const device: PairedDevice = {
    deviceId: String(row.device_id),
    publicKey: String(row.public_key),
    roles: JSON.parse(String(row.roles)) as string[],
    approvedAtMs: Number(row.approved_at),
    approvedBy: String(row.approved_by),
  };
  if (row.display_name) device.displayName = String(row.display_name);
  if (row.platform) device.platform = String(row.platform);
  return device;
}
