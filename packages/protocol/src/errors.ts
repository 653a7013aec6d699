import Type, { type Static } from "typebox";

/** Top-level error codes, as OpenClaw's `ErrorCodes`. */
export const ERROR_CODES = {
  INVALID_REQUEST: "INVALID_REQUEST",
  FORBIDDEN: "FORBIDDEN",
  NOT_PAIRED: "NOT_PAIRED",
  NOT_LINKED: "NOT_LINKED",
  UNAVAILABLE: "UNAVAILABLE",
  AGENT_TIMEOUT: "AGENT_TIMEOUT",
  APPROVAL_NOT_FOUND: "APPROVAL_NOT_FOUND",
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

/** Machine-readable `error.details.code` values. */
export const ERROR_DETAIL_CODES = {
  PROTOCOL_MISMATCH: "PROTOCOL_MISMATCH",
  AUTH_TOKEN_MISMATCH: "AUTH_TOKEN_MISMATCH",
  AUTH_PASSWORD_MISMATCH: "AUTH_PASSWORD_MISMATCH",
  AUTH_RATE_LIMITED: "AUTH_RATE_LIMITED",
  DEVICE_TOKEN_INVALID: "DEVICE_TOKEN_INVALID",
  DEVICE_IDENTITY_REQUIRED: "DEVICE_IDENTITY_REQUIRED",
  DEVICE_SIGNATURE_INVALID: "DEVICE_SIGNATURE_INVALID",
  PAIRING_REQUIRED: "PAIRING_REQUIRED",
  MISSING_SCOPE: "MISSING_SCOPE",
  UNKNOWN_METHOD: "UNKNOWN_METHOD",
  INVALID_PARAMS: "INVALID_PARAMS",
  UNKNOWN_AGENT_ID: "UNKNOWN_AGENT_ID",
  UNKNOWN_MODEL: "UNKNOWN_MODEL",
  INVALID_THINKING: "INVALID_THINKING",
  NOT_FOUND: "NOT_FOUND",
  SHUTTING_DOWN: "SHUTTING_DOWN",
} as const;
export type ErrorDetailCode = (typeof ERROR_DETAIL_CODES)[keyof typeof ERROR_DETAIL_CODES];

/** The `error` object of a failed response; identical to OpenClaw's `ErrorShape`. */
export const ErrorShape = Type.Object(
  {
    code: Type.String({ minLength: 1 }),
    message: Type.String({ minLength: 1 }),
    details: Type.Optional(Type.Unknown()),
    retryable: Type.Optional(Type.Boolean()),
    retryAfterMs: Type.Optional(Type.Integer({ minimum: 0 })),
  },
  { additionalProperties: false },
);
export type ErrorShape = Static<typeof ErrorShape>;

/** `details` of a FORBIDDEN answer caused by a missing scope. */
export const MissingScopeErrorDetails = Type.Object(
  {
    code: Type.Literal("MISSING_SCOPE"),
    missingScope: Type.String({ minLength: 1 }),
    requiredScopes: Type.Array(Type.String({ minLength: 1 }), { minItems: 1 }),
  },
  { additionalProperties: false },
);

/**
 * Builds an ErrorShape.
 *
 * @example
 * errorShape("INVALID_REQUEST", "protocol mismatch", { details: { code: "PROTOCOL_MISMATCH" } });
 */
export function errorShape(
  code: ErrorCode,
  message: string,
  extra: { details?: unknown; retryable?: boolean; retryAfterMs?: number } = {},
): ErrorShape {
  const shape: ErrorShape = { code, message: message || code };
  if (extra.details !== undefined) shape.details = extra.details;
  if (extra.retryable !== undefined) shape.retryable = extra.retryable;
  if (extra.retryAfterMs !== undefined) shape.retryAfterMs = Math.max(0, Math.round(extra.retryAfterMs));
  return shape;
}
