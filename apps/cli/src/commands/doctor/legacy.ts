/** Config keys from older layouts (and OpenClaw habits) and where they live now; `doctor --fix` moves them. */
import { getAtPath, parseConfigPath, setAtPath, unsetAtPath } from "@claw/config";

export const LEGACY_KEYS: readonly { from: string; to: string }[] = [
  { from: "agent.model", to: "agents.defaults.model" },
  { from: "agent.workspace", to: "agents.defaults.workspace" },
  { from: "gateway.token", to: "gateway.auth.token" },
  { from: "gateway.password", to: "gateway.auth.password" },
];

/**
 * @example
 * migrateLegacyKeys({ gateway: { token: "t" } });
 * // { document: { gateway: { auth: { token: "t" } } }, moved: [{ from: "gateway.token", to: "gateway.auth.token" }] }
 */
export function migrateLegacyKeys(document: unknown): {
  document: unknown;
  moved: { from: string; to: string }[];
} {
  let next = document;
  const moved: { from: string; to: string }[] = [];
  for (const rule of LEGACY_KEYS) {
    const from = parseConfigPath(rule.from);
    const value = getAtPath(next, from);
    if (value === undefined) continue;
    const to = parseConfigPath(rule.to);
    if (getAtPath(next, to) === undefined) next = setAtPath(next, to, value);
    next = unsetAtPath(next, from);
    moved.push(rule);
  }
  // An emptied legacy section (e.g. `agent: {}`) goes too.
  const agent = getAtPath(next, ["agent"]);
  if (agent !== undefined && typeof agent === "object" && agent !== null && Object.keys(agent).length === 0)
    next = unsetAtPath(next, ["agent"]);
  return { document: next, moved };
}
