/** Test helpers: a runtime over the faux provider and a couple of simple tools. */
import { createFauxProvider, type FauxProviderOptions, type FauxStep, type Model } from "@claw/providers";
import { Type } from "typebox";
import {
  type AgentRuntimeOptions,
  type AgentTool,
  createAgentRuntime,
  type TypedTool,
  textResult,
} from "../src/index.js";

const EchoParams = Type.Object({ text: Type.String() });

export const echoTool: TypedTool<typeof EchoParams> = {
  name: "echo",
  description: "Echoes its text.",
  parameters: EchoParams,
  async execute(args) {
    return textResult(`echo: ${args.text}`);
  },
};

export function delayTool(name: string, ms: number, log: string[]): AgentTool {
  return {
    name,
    description: `Waits ${ms} ms.`,
    parameters: Type.Object({}),
    async execute(_args, { signal }) {
      log.push(`${name}:start`);
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(resolve, ms);
        signal.addEventListener("abort", () => {
          clearTimeout(timer);
          reject(new Error("aborted"));
        });
      });
      log.push(`${name}:end`);
      return textResult(`${name} done`);
    },
  };
}

export function fauxRuntime(
  script: FauxStep[],
  overrides: Partial<AgentRuntimeOptions> & {
    tools?: AgentTool[];
    fallbacks?: string[];
    faux?: FauxProviderOptions;
  } = {},
) {
  const faux = createFauxProvider(script, {
    provider: `faux-${Math.random().toString(36).slice(2)}`,
    ...overrides.faux,
  });
  const models = new Map<string, Model>([[`${faux.model.provider}/${faux.model.id}`, faux.model]]);
  const ref = `${faux.model.provider}/${faux.model.id}`;
  const runtime = createAgentRuntime({
    agents: [
      {
        id: "main",
        model: { primary: ref, fallbacks: overrides.fallbacks },
        tools: overrides.tools ?? [echoTool],
        systemPrompt: "You are a test.",
      },
    ],
    resolveModel: (r) => models.get(r) ?? overrides.resolveModel?.(r),
    stream: (model, context, options) => faux.stream(model, context, options),
    ...overrides,
  });
  return { runtime, faux, ref, models };
}
