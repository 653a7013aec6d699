/** Runs a slash command against the gateway and the UI. Replies appear as notices in the chat. */
import { sessionKeyAgentId } from "@claw/ids";
import type { GatewaySession } from "../gateway/gateway-session.js";
import { formatTokens } from "../state/format.js";
import type { Action, TuiState } from "../state/types.js";
import { COMMANDS, KEYS, THINKING_LEVELS } from "./table.js";

export type PickerKind = "session" | "agent" | "model" | "thinking";

/** What a command may touch. The app provides it; tests can provide a fake. */
export interface CommandContext {
  gateway: GatewaySession;
  state(): TuiState;
  dispatch(action: Action): void;
  pick(kind: PickerKind): void;
  switchSession(key: string, agentId: string): Promise<void>;
  quit(): void;
}

/**
 * @example
 * await runCommand(ctx, "model", "openai/gpt-4o");
 */
export async function runCommand(ctx: CommandContext, name: string, args: string): Promise<void> {
  const info = (text: string) => ctx.dispatch({ type: "notice", level: "info", text });
  const session = ctx.state().session;
  switch (name) {
    case "new":
    case "reset": {
      const ok = await ctx.gateway.call("sessions.reset", { key: session.key, reason: name });
      if (ok === undefined) return;
      ctx.dispatch({ type: "clear" });
      info(name === "new" ? `new session on ${session.key}` : `session ${session.key} reset`);
      await ctx.gateway.refresh();
      return;
    }
    case "model": {
      if (!args) return ctx.pick("model");
      const model = args === "default" ? null : args;
      if (await ctx.gateway.patch({ model })) info(`model: ${model ?? "agent default"}`);
      return;
    }
    case "think": {
      if (!args) return ctx.pick("thinking");
      if (!(THINKING_LEVELS as readonly string[]).includes(args))
        return ctx.dispatch({
          type: "notice",
          level: "error",
          text: `/think ${args}: use one of ${THINKING_LEVELS.join(", ")}`,
        });
      if (await ctx.gateway.patch({ thinkingLevel: args })) info(`thinking: ${args}`);
      return;
    }
    case "agent":
      if (!args) return ctx.pick("agent");
      return ctx.switchSession(ctx.gateway.mainSessionKey(args), args);
    case "session":
      if (!args) return ctx.pick("session");
      return ctx.switchSession(args, sessionKeyAgentId(args) ?? session.agentId);
    case "context": {
      const window = session.contextWindow;
      const pct = window ? ` (${Math.round((100 * session.contextTokens) / window)}%)` : "";
      info(
        `context: ${formatTokens(session.contextTokens)}${window ? ` of ${formatTokens(window)}` : ""} tokens${pct} · ` +
          `input ${formatTokens(session.inputTokens)} · output ${formatTokens(session.outputTokens)} · model ${session.model ?? "default"}`,
      );
      return;
    }
    case "compact": {
      // Gateways (Claw's and OpenClaw's) handle `/compact` as a command before the model; the
      // reply arrives like any answer.
      if (ctx.gateway.client.hello?.features.methods.includes("sessions.compact")) {
        // Claw answers {compacted, messages | reason}; OpenClaw answers without them.
        const result = (await ctx.gateway.callUnchecked("sessions.compact", { key: session.key })) as
          | { compacted?: boolean; messages?: number; reason?: string }
          | undefined;
        if (result?.compacted === false)
          info(`Nothing to compact: ${result.reason ?? "nothing older than the kept tail"}.`);
        else if (result !== undefined)
          info(
            result.messages !== undefined
              ? `Compacted: the conversation is now ${result.messages} messages.`
              : "Compacted.",
          );
        await ctx.gateway.refresh();
        return;
      }
      return ctx.gateway.send(args ? `/compact ${args}` : "/compact");
    }
    case "status": {
      const s = await ctx.gateway.call("status", {});
      if (!s) return;
      const uptime = Math.round(s.uptimeMs / 1000);
      info(
        `gateway ${s.runtimeVersion} · up ${uptime}s · ${s.sessions.count} sessions · ` +
          `${s.activeRuns ?? 0} active runs · default model ${s.sessions.defaults.model ?? "?"}`,
      );
      return;
    }
    case "stop":
      return ctx.gateway.abort();
    case "help": {
      const commands = COMMANDS.map(
        (c) => `/${c.name}${c.argumentHint ? ` ${c.argumentHint}` : ""} — ${c.description}`,
      );
      const keys = KEYS.map(([k, v]) => `${k}: ${v}`);
      info(["commands:", ...commands, "keys:", ...keys].join("\n"));
      return;
    }
    case "quit":
      return ctx.quit();
    default:
      ctx.dispatch({ type: "notice", level: "error", text: `unknown command /${name} — /help lists them` });
  }
}
