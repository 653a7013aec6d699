import {
  CLOSE_CODES,
  type ConnectParams,
  checkConnectParams,
  ERROR_DETAIL_CODES as D,
  type ErrorShape,
  errorShape,
  type HelloOk,
  MIN_PROTOCOL_VERSION,
  OPERATOR_SCOPES,
  PROTOCOL_VERSION,
  type RequestFrame,
} from "@claw/protocol";
import { secretMatches } from "../auth/shared-secret.js";
import type { Connection } from "../connection.js";
import type { GatewayContext } from "../context.js";
import { verifyDeviceBlock } from "../pairing/device-identity.js";
import { buildHello } from "./hello.js";

/** A refusal: the error to answer with, the close code, and whether it counts as a failed auth. */
interface Refusal {
  error: ErrorShape;
  close: number;
  authFailure?: boolean;
}

const refuse = (
  error: ErrorShape,
  close: number = CLOSE_CODES.policyViolation,
  authFailure = false,
): Refusal => ({
  error,
  close,
  authFailure,
});

/** Picks the highest protocol both sides speak, or undefined when the ranges do not overlap. */
export function negotiateProtocol(min: number, max: number): number | undefined {
  const version = Math.min(max, PROTOCOL_VERSION);
  return version >= Math.max(min, MIN_PROTOCOL_VERSION) ? version : undefined;
}

/**
 * Handles the `connect` request: params, protocol range, rate limit, device signature, shared
 * secret or device token, pairing, scopes. Answers hello-ok, or an error and a close.
 */
export async function handleConnect(
  ctx: GatewayContext,
  conn: Connection,
  frame: RequestFrame,
): Promise<void> {
  const outcome = await admit(ctx, conn, frame.params);
  if ("error" in outcome) {
    if (outcome.authFailure) ctx.rateLimiter.recordFailure(conn.rateLimitKey);
    ctx.logger.warn("gateway: connect refused", {
      ip: conn.ip,
      code: outcome.error.code,
      reason: outcome.error.message,
    });
    conn.fail(frame.id, outcome.error);
    conn.close(outcome.close, outcome.error.message);
    return;
  }
  ctx.rateLimiter.recordSuccess(conn.rateLimitKey);
  conn.state = "open";
  conn.respond(frame.id, outcome.hello);
  const client = conn.client;
  if (client && client.mode !== "cli" && client.mode !== "probe") {
    ctx.hub.presence.upsert(client.instanceId ?? conn.id, {
      clientId: client.id,
      ip: conn.ip,
      version: client.version,
      platform: client.platform,
      mode: client.mode,
      reason: "connect",
      roles: [conn.role],
      ...(conn.deviceId ? { deviceId: conn.deviceId } : {}),
    });
    ctx.hub.broadcastPresence();
  }
}

async function admit(
  ctx: GatewayContext,
  conn: Connection,
  raw: unknown,
): Promise<{ hello: HelloOk } | Refusal> {
  const parsed = checkConnectParams(raw);
  if (!parsed.ok) return refuse(errorShape("INVALID_REQUEST", `invalid connect params: ${parsed.message}`));
  const params = parsed.value;
  const protocol = negotiateProtocol(params.minProtocol, params.maxProtocol);
  if (protocol === undefined) {
    const details = {
      code: D.PROTOCOL_MISMATCH,
      clientMinProtocol: params.minProtocol,
      clientMaxProtocol: params.maxProtocol,
      expectedProtocol: PROTOCOL_VERSION,
      minimumProtocol: MIN_PROTOCOL_VERSION,
    };
    return refuse(errorShape("INVALID_REQUEST", "protocol mismatch", { details }), CLOSE_CODES.protocolError);
  }
  const role = params.role ?? "operator";
  if (role !== "operator" && role !== "node") {
    return refuse(
      errorShape(
        "INVALID_REQUEST",
        `invalid connect params: at /role: unknown role "${role}" (use "operator" or "node")`,
      ),
    );
  }
  conn.client = params.client;
  conn.role = role;
  const auth = await authenticate(ctx, conn, params, role);
  if ("error" in auth) {
    // A lock answers bad guesses with AUTH_RATE_LIMITED (clients back off) but never refuses the
    // right credential: whoever floods bad guesses from the owner's address cannot lock them out.
    const wait = ctx.rateLimiter.retryAfterMs(conn.rateLimitKey);
    if (wait > 0 && auth.authFailure) {
      const details = { code: D.AUTH_RATE_LIMITED };
      return refuse(
        errorShape(
          "UNAVAILABLE",
          `too many failed connects from ${conn.ip}; retry in ${Math.ceil(wait / 1000)} s`,
          { details, retryable: true, retryAfterMs: wait },
        ),
        CLOSE_CODES.policyViolation,
        true,
      );
    }
    return auth;
  }
  conn.scopes = auth.scopes;
  conn.deviceId = auth.deviceId;
  conn.authMethod = auth.method;
  const helloAuth: HelloOk["auth"] = { method: auth.method, role, scopes: auth.scopes };
  if (auth.deviceId && auth.method !== "device-token") {
    const issued = ctx.pairing.issueToken(auth.deviceId, role, auth.scopes);
    helloAuth.deviceToken = issued.token;
    helloAuth.issuedAtMs = issued.issuedAtMs;
  }
  return { hello: await buildHello(ctx, conn, protocol, helloAuth) };
}

interface Admitted {
  method: "none" | "token" | "password" | "device-token";
  scopes: string[];
  deviceId?: string;
}

async function authenticate(
  ctx: GatewayContext,
  conn: Connection,
  params: ConnectParams,
  role: string,
): Promise<Admitted | Refusal> {
  const a = ctx.auth;
  const provided =
    a.mode === "token" ? params.auth?.token : a.mode === "password" ? params.auth?.password : undefined;
  const secretOk =
    a.mode === "none" ||
    (a.mode === "token" ? secretMatches(a.token, provided) : secretMatches(a.password, provided));
  const requested =
    role === "node"
      ? []
      : (params.scopes ?? []).filter((s) => (OPERATOR_SCOPES as readonly string[]).includes(s));

  if (!params.device) {
    if (secretOk && role === "operator" && (provided !== undefined || a.mode === "none")) {
      return { method: a.mode, scopes: requested };
    }
    if (provided !== undefined) return mismatch(a.mode);
    return refuse(
      errorShape("NOT_PAIRED", "device identity required", { details: { code: D.DEVICE_IDENTITY_REQUIRED } }),
    );
  }

  const device = verifyDeviceBlock(params, conn.nonce, Date.now(), ctx.limits.signatureSkewMs);
  if (!device.ok) {
    const details = { code: D.DEVICE_SIGNATURE_INVALID, reason: device.reason };
    return refuse(
      errorShape("INVALID_REQUEST", `invalid device identity: ${device.reason}`, { details }),
      CLOSE_CODES.policyViolation,
      true,
    );
  }
  const deviceToken = params.auth?.deviceToken;
  const tokenScopes = deviceToken ? ctx.pairing.verifyToken(device.deviceId, role, deviceToken) : undefined;
  const paired = ctx.pairing.getPaired(device.deviceId);
  if (tokenScopes && paired && !(provided !== undefined && secretOk)) {
    const scopes = requested.filter((s) => tokenScopes.includes(s) || tokenScopes.includes("operator.admin"));
    return { method: "device-token", scopes, deviceId: device.deviceId };
  }
  if (!secretOk || (provided === undefined && a.mode !== "none")) {
    if (deviceToken) {
      return refuse(
        errorShape(
          "INVALID_REQUEST",
          "unauthorized: device token is invalid or revoked — pair again or use the gateway token",
          { details: { code: D.DEVICE_TOKEN_INVALID } },
        ),
        CLOSE_CODES.policyViolation,
        true,
      );
    }
    return mismatch(a.mode);
  }
  if (!paired) {
    if (!(conn.isLoopback && ctx.autoApproveLoopback)) {
      const request = ctx.pairing.request({
        deviceId: device.deviceId,
        publicKey: device.publicKey,
        platform: params.client.platform,
        clientId: params.client.id,
        clientMode: params.client.mode,
        role,
        scopes: requested,
        remoteIp: conn.ip,
        ...(params.client.displayName ? { displayName: params.client.displayName } : {}),
      });
      ctx.hub.broadcast("device.pair.requested", request);
      const details = { code: D.PAIRING_REQUIRED, requestId: request.requestId, deviceId: device.deviceId };
      return refuse(
        errorShape(
          "NOT_PAIRED",
          `pairing required: approve request ${request.requestId} with \`device.pair.approve\``,
          { details },
        ),
      );
    }
    ctx.pairing.approve({
      deviceId: device.deviceId,
      publicKey: device.publicKey,
      platform: params.client.platform,
      roles: [role],
      approvedBy: "loopback-auto",
      ...(params.client.displayName ? { displayName: params.client.displayName } : {}),
    });
  }
  return { method: a.mode, scopes: requested, deviceId: device.deviceId };
}

function mismatch(mode: "none" | "token" | "password"): Refusal {
  const what = mode === "password" ? "password" : "token";
  const details = {
    code: mode === "password" ? D.AUTH_PASSWORD_MISMATCH : D.AUTH_TOKEN_MISMATCH,
    recommendedNextStep: "update_auth_credentials",
  };
  return refuse(
    errorShape(
      "INVALID_REQUEST",
      `unauthorized: gateway ${what} mismatch (send this gateway's ${what} in connect.params.auth.${what}, or pair the device)`,
      { details },
    ),
    CLOSE_CODES.policyViolation,
    true,
  );
}
