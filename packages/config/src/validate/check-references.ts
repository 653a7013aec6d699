/** Cross-field rules the schema cannot express: unique ids, one default, references that resolve. */
import type { ClawConfig } from "../schema/config.js";
import { didYouMean } from "./closest.js";
import type { ConfigIssue } from "./issue.js";

export function checkAgents(config: ClawConfig): ConfigIssue[] {
  const issues: ConfigIssue[] = [];
  const firstIndex = new Map<string, number>();
  let firstDefault: number | undefined;
  (config.agents.list ?? []).forEach((agent, i) => {
    const seen = firstIndex.get(agent.id);
    if (seen !== undefined)
      issues.push({
        path: `agents.list[${i}].id`,
        value: agent.id,
        message: `duplicates agents.list[${seen}].id`,
        hint: "give every agent a distinct id",
      });
    else firstIndex.set(agent.id, i);
    if (agent.default === true) {
      if (firstDefault === undefined) firstDefault = i;
      else
        issues.push({
          path: `agents.list[${i}].default`,
          value: true,
          message: `is a second default agent (agents.list[${firstDefault}] "${config.agents.list?.[firstDefault]?.id}" is already default)`,
          hint: "mark exactly one agent with default: true",
        });
    }
  });
  return issues;
}

export function checkBindings(config: ClawConfig): ConfigIssue[] {
  const ids = (config.agents.list ?? []).map((a) => a.id);
  if (ids.length === 0) return [];
  const issues: ConfigIssue[] = [];
  (config.bindings ?? []).forEach((binding, i) => {
    if (!ids.includes(binding.agentId))
      issues.push({
        path: `bindings[${i}].agentId`,
        value: binding.agentId,
        message: "does not name an agent in agents.list",
        hint: didYouMean(binding.agentId, ids) ?? `known agents: ${ids.join(", ")}`,
      });
  });
  return issues;
}

export function checkAuth(config: ClawConfig): ConfigIssue[] {
  const profiles = config.auth.profiles ?? {};
  const issues: ConfigIssue[] = [];
  for (const [provider, order] of Object.entries(config.auth.order ?? {})) {
    order.forEach((profileId, i) => {
      const path = `auth.order[${JSON.stringify(provider)}][${i}]`.replace(
        /^auth\.order\["([A-Za-z_$][\w$-]*)"\]/,
        "auth.order.$1",
      );
      const profile = profiles[profileId];
      if (!profile)
        issues.push({
          path,
          value: profileId,
          message: "does not name a profile in auth.profiles",
          hint: didYouMean(profileId, Object.keys(profiles)) ?? "add it under auth.profiles",
        });
      else if (profile.provider !== provider)
        issues.push({
          path,
          value: profileId,
          message: `is a profile for provider "${profile.provider}", not "${provider}"`,
          hint: `list it under auth.order.${profile.provider}`,
        });
    });
  }
  return issues;
}

export function checkGateway(config: ClawConfig): ConfigIssue[] {
  const { auth, bind } = config.gateway;
  const issues: ConfigIssue[] = [];
  if (auth.mode === "password" && !auth.password)
    issues.push({
      path: "gateway.auth.password",
      message: 'is required when gateway.auth.mode is "password"',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a literal ${ENV} reference shown to the user
      hint: 'set it, e.g. "${CLAW_GATEWAY_PASSWORD}"',
    });
  if (auth.mode === "none" && bind !== "loopback")
    issues.push({
      path: "gateway.auth.mode",
      value: "none",
      message: `is only allowed with gateway.bind "loopback" (bind is "${bind}")`,
      hint: 'use mode "token", or bind "loopback" and reach it through an SSH tunnel',
    });
  else if (auth.mode === "none" && !auth.dangerouslyAllowNoAuth)
    issues.push({
      path: "gateway.auth.mode",
      value: "none",
      message: "turns off every check: any local process or allowed page could run the agent and its tools",
      hint: 'keep mode "token" (the CLI and TUI find the token themselves), or acknowledge with gateway.auth.dangerouslyAllowNoAuth: true',
    });
  return issues;
}
