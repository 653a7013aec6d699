/** Which `/commands` complete what the user typed: pure, so the rules are tested by table. */

export interface CommandChoice {
  /** What gets inserted, e.g. `/new`. */
  text: string;
  description: string;
}

/** The slash commands of `commands.list` as choices, one per typed alias. */
export function commandChoices(
  commands: readonly { name: string; textAliases?: string[]; description: string }[],
): CommandChoice[] {
  const seen = new Set<string>();
  const out: CommandChoice[] = [];
  for (const command of commands) {
    const aliases = command.textAliases?.length ? command.textAliases : [`/${command.name}`];
    for (const alias of aliases) {
      const text = alias.startsWith("/") ? alias : `/${alias}`;
      if (seen.has(text)) continue;
      seen.add(text);
      out.push({ text, description: command.description });
    }
  }
  return out.sort((a, b) => a.text.localeCompare(b.text));
}

/**
 * The choices for a draft: only while it is one `/word` with no space yet; prefix matches first,
 * then the rest that contain the word.
 *
 * @example
 * matchCommands("/ne", [{ text: "/new", description: "" }]); // [{ text: "/new", … }]
 */
export function matchCommands(draft: string, choices: readonly CommandChoice[]): CommandChoice[] {
  if (!/^\/\S*$/.test(draft)) return [];
  const word = draft.slice(1).toLowerCase();
  const prefix = choices.filter((c) => c.text.slice(1).toLowerCase().startsWith(word));
  const inner = choices.filter((c) => !prefix.includes(c) && c.text.toLowerCase().includes(word));
  return [...prefix, ...inner].slice(0, 12);
}
