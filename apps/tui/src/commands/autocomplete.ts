/**
 * Slash-command autocomplete: command names from the table, arguments from what the gateway listed
 * (labels and descriptions sanitised for display).
 */
import { sanitizeTerminalText } from "@claw/client/terminal-text";
import { type AutocompleteItem, CombinedAutocompleteProvider, type SlashCommand } from "@mariozechner/pi-tui";
import type { GatewaySession } from "../gateway/gateway-session.js";
import { modelRef } from "../gateway/session-info.js";
import { type ArgumentSource, COMMANDS, THINKING_LEVELS } from "./table.js";

function candidates(source: ArgumentSource, gateway: GatewaySession): AutocompleteItem[] {
  return listed(source, gateway).map((item) => ({
    ...item,
    label: sanitizeTerminalText(item.label),
    ...(item.description === undefined ? {} : { description: sanitizeTerminalText(item.description) }),
  }));
}

function listed(source: ArgumentSource, gateway: GatewaySession): AutocompleteItem[] {
  switch (source) {
    case "models":
      return [
        { value: "default", label: "default", description: "the agent's configured model" },
        ...gateway.models.map((m) => ({ value: modelRef(m), label: modelRef(m), description: m.name })),
      ];
    case "thinking":
      return THINKING_LEVELS.map((l) => ({ value: l, label: l }));
    case "agents":
      return gateway.agents.map((a) => ({ value: a, label: a }));
    case "sessions":
      return gateway.sessions.map((s) => ({ value: s.key, label: s.key }));
  }
}

/**
 * @example
 * editor.setAutocompleteProvider(createSlashAutocomplete(gateway));
 */
export function createSlashAutocomplete(gateway: GatewaySession): CombinedAutocompleteProvider {
  const commands: SlashCommand[] = COMMANDS.map((spec) => ({
    name: spec.name,
    description: spec.description,
    argumentHint: spec.argumentHint,
    getArgumentCompletions: spec.completes
      ? (prefix: string) => {
          const source = spec.completes as ArgumentSource;
          const items = candidates(source, gateway).filter((i) => i.value.startsWith(prefix));
          return items.length ? items : null;
        }
      : undefined,
  }));
  return new CombinedAutocompleteProvider(commands, process.cwd(), null);
}
