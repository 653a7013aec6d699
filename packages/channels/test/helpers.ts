/**
 * Test wiring: a real agent-core runtime over the faux provider, and the dispatcher wired to it
 * the way an app does (commands and session expiry injected; channels never import agent-core).
 */
import {
  type AgentRuntime,
  type AgentRuntimeOptions,
  type AgentTool,
  createAgentRuntime,
  freshenSession,
  handleCommand,
  type ResetSettings,
  type TypedTool,
  textResult,
} from "@claw/agent-core";
import { createFauxProvider, type FauxProviderOptions, type FauxStep, type Model } from "@claw/providers";
import { Type } from "typebox";
import { createInboundDispatcher, type InboundDispatcherOptions } from "../src/index.js";

const EchoParams = Type.Object({ text: Type.String() });
const echoTool: TypedTool<typeof EchoParams> = {
  name: "echo",
  description: "Echoes its text.",
  parameters: EchoParams,
  execute: async (args) => textResult(`echo: ${args.text}`),
};

export function fauxRuntime(
  script: FauxStep[],
  overrides: Partial<AgentRuntimeOptions> & { tools?: AgentTool[]; faux?: FauxProviderOptions } = {},
) {
  const faux = createFauxProvider(script, {
    provider: `faux-${Math.random().toString(36).slice(2)}`,
    ...overrides.faux,
  });
  const ref = `${faux.model.provider}/${faux.model.id}`;
  const models = new Map<string, Model>([[ref, faux.model]]);
  const runtime = createAgentRuntime({
    agents: [
      { id: "main", model: { primary: ref }, tools: overrides.tools ?? [echoTool], systemPrompt: "Test." },
    ],
    resolveModel: (r) => models.get(r),
    stream: (model, context, options) => faux.stream(model, context, options),
    ...overrides,
  });
  return { runtime, faux };
}

/** The dispatcher as an app wires it: agent-core's commands and session reset injected. */
export function wiredDispatcher(
  runtime: AgentRuntime,
  options: Omit<InboundDispatcherOptions<ReturnType<AgentRuntime["run"]>>, "commands" | "freshen"> & {
    /** Session reset settings; false turns expiry off. */
    reset?: ResetSettings | false;
    stopChildren?: (sessionKey: string) => number;
  } = {},
) {
  const { reset, stopChildren, ...rest } = options;
  const now = options.now ?? Date.now;
  return createInboundDispatcher(runtime, {
    ...rest,
    commands: (sessionKey, text, context) =>
      handleCommand(runtime, sessionKey, text, { ...context, stopChildren }),
    ...(reset === false
      ? {}
      : {
          freshen: (sessionKey, channel) =>
            freshenSession(runtime.sessions, sessionKey, reset ?? {}, now(), channel),
        }),
  });
}
