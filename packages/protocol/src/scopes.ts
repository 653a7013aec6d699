/** Operator scopes; `node` is a role, not a scope. */
export const OPERATOR_SCOPES = [
  "operator.read",
  "operator.write",
  "operator.admin",
  "operator.approvals",
  "operator.pairing",
] as const;
export type OperatorScope = (typeof OPERATOR_SCOPES)[number];

/** What a method needs: an operator scope, or the `node` role. */
export type MethodScope = OperatorScope | "node";

export const ROLES = ["operator", "node"] as const;
export type Role = (typeof ROLES)[number];

/**
 * True when `granted` satisfies `required`: admin implies every operator scope, write implies read.
 *
 * @example
 * hasScope(["operator.write"], "operator.read"); // true
 */
export function hasScope(granted: readonly string[], required: OperatorScope): boolean {
  if (granted.includes(required) || granted.includes("operator.admin")) return true;
  return required === "operator.read" && granted.includes("operator.write");
}
