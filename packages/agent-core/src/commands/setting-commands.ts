/** Handlers that change one session setting: /model, /think, /queue, /send. */
import { parseThinkingLevel, THINKING_LEVELS } from "@claw/ids";
import type { AgentRuntime } from "../runtime/create-runtime.js";
import { type ModelChoices, matchModel } from "./model-match.js";
import type { CommandHandler, CommandOptions } from "./types.js";

const CLEAR_WORDS = /^(default|reset|inherit)$/i;

/** The models commands accept: the injected list, else every ref the runtime's agents name. */
export function modelChoices(runtime: AgentRuntime, options: CommandOptions): ModelChoices {
  if (options.models) return options.models;
  return { refs: runtime.agents.flatMap((a) => [a.model.primary, ...(a.model.fallbacks ?? [])]) };
}

export const setModel: CommandHandler = async ({ runtime, sessionKey, args, options }) => {
  const agent = runtime.resolveAgent(undefined, sessionKey);
  const entry = await runtime.sessions.resolve(sessionKey, { agentId: agent.id });
  if (!args)
    return {
      command: "model",
      text: `Model: ${entry.modelOverride ?? agent.model.primary}${entry.modelOverride ? " (session override)" : " (agent default)"}`,
    };
  if (CLEAR_WORDS.test(args)) {
    await runtime.sessions.patch(sessionKey, { modelOverride: undefined, authProfileId: undefined });
    return { command: "model", text: `Model reset to the agent default (${agent.model.primary}).` };
  }
  const [refText = "", profile] = args.split("@");
  const match = matchModel(refText, modelChoices(runtime, options));
  if ("error" in match)
    return { command: "model", text: `${match.error} Try /model with one of them.`, error: true };
  await runtime.sessions.patch(sessionKey, {
    modelOverride: match.ref,
    ...(profile ? { authProfileId: profile } : { authProfileId: undefined }),
  });
  return {
    command: "model",
    text: `Model set to ${match.ref}${profile ? ` (auth profile ${profile})` : ""}.`,
  };
};

export const setThinking: CommandHandler = async ({ runtime, sessionKey, args }) => {
  const agent = runtime.resolveAgent(undefined, sessionKey);
  const entry = await runtime.sessions.resolve(sessionKey, { agentId: agent.id });
  if (!args)
    return { command: "think", text: `Thinking: ${entry.thinkingOverride ?? agent.thinking ?? "off"}` };
  if (CLEAR_WORDS.test(args)) {
    await runtime.sessions.patch(sessionKey, { thinkingOverride: undefined });
    return { command: "think", text: `Thinking reset to the agent default (${agent.thinking ?? "off"}).` };
  }
  const level = parseThinkingLevel(args);
  if (!level)
    return {
      command: "think",
      text: `"${args}" is not a thinking level; use ${THINKING_LEVELS.join(", ")} or default.`,
      error: true,
    };
  await runtime.sessions.patch(sessionKey, { thinkingOverride: level });
  return { command: "think", text: `Thinking set to ${level}.` };
};

export const setQueue: CommandHandler = async ({ runtime, sessionKey, args, options }) => {
  if (!options.queue)
    return { command: "queue", text: "/queue: this surface has no inbound message queue.", error: true };
  const agent = runtime.resolveAgent(undefined, sessionKey);
  const entry = await runtime.sessions.resolve(sessionKey, { agentId: agent.id });
  const current = entry.flags?.queue;
  if (!args)
    return {
      command: "queue",
      text: `Queue override: ${current ? JSON.stringify(current) : "none (channel default)"}`,
    };
  const parsed = options.queue.parse(args);
  if ("error" in parsed) return { command: "queue", text: `/queue: ${parsed.error}.`, error: true };
  const { queue: _old, ...otherFlags } = entry.flags ?? {};
  if (parsed.reset) {
    await runtime.sessions.patch(sessionKey, { flags: otherFlags });
    return { command: "queue", text: "Queue override cleared; the default applies again." };
  }
  const next = { ...(current && typeof current === "object" ? current : {}), ...parsed.settings };
  await runtime.sessions.patch(sessionKey, { flags: { ...otherFlags, queue: next } });
  return { command: "queue", text: `Queue set: ${describe(next)}.` };
};

export const setSendPolicy: CommandHandler = async ({ runtime, sessionKey, args, options }) => {
  if (!options.senderIsOwner)
    return { command: "send", text: "Only the owner can change the send policy.", error: true };
  const word = args.toLowerCase();
  if (word !== "on" && word !== "off" && word !== "inherit")
    return { command: "send", text: "Use /send on, /send off or /send inherit.", error: true };
  const agent = runtime.resolveAgent(undefined, sessionKey);
  const entry = await runtime.sessions.resolve(sessionKey, { agentId: agent.id });
  const { sendPolicy: _old, ...otherFlags } = entry.flags ?? {};
  const flags =
    word === "inherit" ? otherFlags : { ...otherFlags, sendPolicy: word === "on" ? "allow" : "deny" };
  await runtime.sessions.patch(sessionKey, { flags });
  const text =
    word === "inherit"
      ? "Send policy: inherit (the configured rules apply)."
      : `Send policy: ${word} for this session.`;
  return { command: "send", text };
};

function describe(settings: Record<string, unknown>): string {
  return Object.entries(settings)
    .map(([k, v]) => (k === "mode" ? String(v) : `${k}=${String(v)}`))
    .join(" ");
}
