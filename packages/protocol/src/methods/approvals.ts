/**
 * Exec approvals on the wire, with OpenClaw's names and shapes: the `exec.approval.requested`
 * event carries `{ id, request: { command, cwd, agentId, sessionKey, … }, createdAtMs,
 * expiresAtMs }`; `exec.approval.list` answers an array of those; `exec.approval.resolve` takes
 * `{ id, decision }` with `allow-once | allow-always | deny`. All need `operator.approvals`.
 */
import Type, { type Static } from "typebox";
import { NonEmpty, Timestamp } from "./common.js";

const NullableString = Type.Union([Type.String(), Type.Null()]);

export const ExecApprovalDecision = Type.Union([
  Type.Literal("allow-once"),
  Type.Literal("allow-always"),
  Type.Literal("deny"),
]);
export type ExecApprovalDecision = Static<typeof ExecApprovalDecision>;

/** What the reviewer sees about the command (`reason` is Claw's: why a person is asked). */
export const ExecApprovalRequestInfo = Type.Object({
  command: NonEmpty,
  cwd: NullableString,
  agentId: NullableString,
  sessionKey: NullableString,
  reason: Type.Optional(Type.String()),
  security: Type.Optional(NullableString),
  ask: Type.Optional(NullableString),
  resolvedPath: Type.Optional(NullableString),
  host: Type.Optional(NullableString),
});

/** One pending approval (the `exec.approval.requested` payload and an `exec.approval.list` item). */
export const PendingExecApproval = Type.Object({
  id: NonEmpty,
  request: ExecApprovalRequestInfo,
  createdAtMs: Timestamp,
  expiresAtMs: Timestamp,
});
export type PendingExecApproval = Static<typeof PendingExecApproval>;

export const ExecApprovalListParams = Type.Object({}, { additionalProperties: false });
export const ExecApprovalListResult = Type.Array(PendingExecApproval);

export const ExecApprovalGetParams = Type.Object({ id: NonEmpty }, { additionalProperties: false });

/** OpenClaw's `ExecApprovalResolveParams`, with the decision checked against the three values. */
export const ExecApprovalResolveParams = Type.Object(
  {
    id: NonEmpty,
    decision: ExecApprovalDecision,
    reviewer: Type.Optional(
      Type.Object(
        { channel: NonEmpty, accountId: NonEmpty, senderId: NonEmpty },
        { additionalProperties: false },
      ),
    ),
    grantExpiresInDays: Type.Optional(Type.Integer({ minimum: 1, maximum: 3650 })),
  },
  { additionalProperties: false },
);
export const ExecApprovalResolveResult = Type.Object(
  { ok: Type.Literal(true), id: NonEmpty, decision: ExecApprovalDecision },
  { additionalProperties: false },
);

/** `exec.approval.resolved`: who decided, or `reason` timeout / run-aborted when nobody did. */
export const ExecApprovalResolvedEvent = Type.Object({
  id: NonEmpty,
  decision: ExecApprovalDecision,
  reason: Type.Optional(
    Type.Union([Type.Literal("user"), Type.Literal("timeout"), Type.Literal("run-aborted")]),
  ),
  resolvedBy: Type.Optional(Type.String()),
  ts: Timestamp,
});
export type ExecApprovalResolvedEvent = Static<typeof ExecApprovalResolvedEvent>;

/**
 * `plugin.approval.list`: OpenClaw's clients (its TUI) ask for plugin approvals at start. Claw
 * runs no plugins, so nothing ever waits: the answer is always an empty array.
 */
export const PluginApprovalListParams = Type.Object({}, { additionalProperties: true });
export const PluginApprovalListResult = Type.Array(Type.Unknown(), { maxItems: 0 });
