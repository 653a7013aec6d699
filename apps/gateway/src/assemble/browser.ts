/**
 * The managed browser: one @claw/browser manager for the gateway (a browser per agent profile
 * under `<stateDir>/browser/`), the `browser` tool on every agent, and the port behind the
 * `browser.*` methods. Settings come from `tools.browser` and `tools.web.allowPrivate`, read per
 * call so a config reload applies to the next action (launch settings to the next start).
 */
import type { ToolExecutionContext } from "@claw/agent-core";
import {
  BrowserManager,
  type BrowserManagerOptions,
  type BrowserToolOptions,
  checkChromium,
  createBrowserTool,
} from "@claw/browser";
import { type ClawConfig, resolveDefaultAgentId } from "@claw/config";
import { type BrowserPort, RuntimeError } from "@claw/gateway";
import type { AssembledAgent, ExecApprovalParts } from "./agents.js";
import type { ModelResolver } from "./models.js";

export interface BrowserAssembly {
  manager: BrowserManager;
  port: BrowserPort;
  reconfigure(config: ClawConfig): void;
  close(): Promise<void>;
}

export interface BrowserAssemblyOptions {
  config: ClawConfig;
  stateDir: string;
  agents: readonly AssembledAgent[];
  models: ModelResolver;
  approvals: ExecApprovalParts;
}

/** What a sandboxed session without network hears: its browser would have no way out. */
export const OFFLINE_SANDBOX_BROWSER_REFUSAL =
  "The browser is not available here: this session's sandbox has no network (sandbox.network is false). Ask in the agent's main session, or allow the sandbox network.";

export function assembleBrowser(options: BrowserAssemblyOptions): BrowserAssembly {
  let config = options.config;
  const manager = new BrowserManager(managerOptions(config, options.stateDir));
  const agentOf = (context: ToolExecutionContext) =>
    options.agents.find((a) => a.definition.id === context.agentId);
  const toolOptions = (agent: AssembledAgent): BrowserToolOptions => ({
    manager,
    workspaceDir: agent.workspaceDir,
    profileFor: (context) => context.agentId ?? agent.definition.id,
    // The agent's primary model decides; a fallback model that reads no images drops them in its adapter.
    acceptsImages: (context) =>
      options.models.resolve((agentOf(context) ?? agent).definition.model.primary)?.input.includes("image") ??
      false,
    allowEvaluate: () => config.tools.browser.evaluate,
    ask: () => config.tools.browser.ask,
    approve: async (request, context) => {
      const outcome = await options.approvals.broker.request(
        {
          command: `browser ${request.action} ${request.detail}`.trim(),
          cwd: null,
          agentId: context.agentId ?? agent.definition.id,
          sessionKey: context.sessionKey ?? null,
          reason: `a ${request.risk}-risk browser action (tools.browser.ask is "${config.tools.browser.ask}")`,
          security: null,
          ask: config.tools.browser.ask,
          resolvedPath: null,
          host: `browser:${request.profile}`,
        },
        context.signal,
      );
      return outcome.decision !== "deny";
    },
    refuseSession: (context) =>
      agent.sandboxFor(context.sessionKey)?.network === false ? OFFLINE_SANDBOX_BROWSER_REFUSAL : undefined,
    // A sandboxed session's Chromium starts inside the same bubblewrap sandbox as its commands.
    sandboxFor: (context) => {
      const sandbox = agent.sandboxFor(context.sessionKey);
      return sandbox
        ? { workspaceDir: agent.workspaceDir, workspaceAccess: sandbox.workspaceAccess }
        : undefined;
    },
  });
  for (const agent of options.agents) agent.extraTools.push(createBrowserTool(toolOptions(agent)));

  const enabled = () => {
    if (!config.tools.browser.enabled)
      throw new RuntimeError(
        "UNAVAILABLE",
        "browser: the browser tool is off on this gateway (tools.browser.enabled is false)",
      );
  };
  const port: BrowserPort = {
    async status() {
      enabled();
      const check = await checkChromium({ executablePath: config.tools.browser.executablePath });
      return {
        ...(check.executablePath ? { executablePath: check.executablePath } : {}),
        ...(check.ok ? {} : { problem: check.problem }),
        profiles: await manager.profiles(),
      };
    },
    async start({ profile }) {
      enabled();
      return manager.start(profile ?? resolveDefaultAgentId(config));
    },
    async stop({ profile, all }) {
      // Stopping stays possible after the tool was switched off (a browser may still run).
      return { stopped: await manager.stop(all ? undefined : (profile ?? resolveDefaultAgentId(config))) };
    },
    async profiles() {
      enabled();
      return { profiles: await manager.profiles() };
    },
  };
  return {
    manager,
    port,
    reconfigure(next) {
      config = next;
      manager.reconfigure(managerOptions(next, options.stateDir));
    },
    close: () => manager.close(),
  };
}

function managerOptions(config: ClawConfig, stateDir: string): BrowserManagerOptions {
  const browser = config.tools.browser;
  return {
    stateDir,
    headless: browser.headless,
    executablePath: browser.executablePath,
    allowPrivate: config.tools.web.allowPrivate,
    idleMs: browser.idleMinutes * 60_000,
    maxDownloadBytes: Math.round(browser.maxDownloadMb * 1024 * 1024),
  };
}
