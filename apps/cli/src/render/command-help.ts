/** Help text for a command or subcommand, generated from its row in the command table. */
import { type CommandEntry, type Flags, flagUsage, type SubcommandSpec } from "../command-spec.js";
import type { Style } from "../io.js";

function flagLines(flags: Flags | undefined): string[] {
  const rows = Object.entries(flags ?? {}).map(([name, flag]) => [flagUsage(name, flag), flag.summary]);
  const width = Math.max(0, ...rows.map(([usage]) => (usage as string).length)) + 3;
  return rows.map(([usage, summary]) => `  ${(usage as string).padEnd(width)}${summary}`);
}

/** `claw <command> --help`. */
export function renderCommandHelp(entry: CommandEntry, style: Style): string {
  const args = entry.args ? ` ${entry.args}` : "";
  const lines = [
    `${style.bold("Usage:")} claw ${entry.name}${entry.subcommands ? " <subcommand>" : args} [options]`,
    `  ${entry.summary}`,
  ];
  if (entry.subcommands) {
    const rows = entry.subcommands.map((s) => [`${s.name}${s.args ? ` ${s.args}` : ""}`, s.summary]);
    const width = Math.max(...rows.map(([u]) => (u as string).length)) + 3;
    lines.push("", style.bold("Subcommands:"));
    for (const [usage, summary] of rows) lines.push(`  ${(usage as string).padEnd(width)}${summary}`);
    lines.push("", `\`claw ${entry.name} <subcommand> --help\` for its options.`);
  }
  if (entry.flags) lines.push("", style.bold("Options:"), ...flagLines(entry.flags));
  return `${lines.join("\n")}\n`;
}

/** `claw <command> <subcommand> --help`. */
export function renderSubcommandHelp(command: string, spec: SubcommandSpec, style: Style): string {
  const args = spec.args ? ` ${spec.args}` : "";
  const lines = [
    `${style.bold("Usage:")} claw ${command} ${spec.name}${args} [options]`,
    `  ${spec.summary}`,
  ];
  if (spec.flags && Object.keys(spec.flags).length > 0)
    lines.push("", style.bold("Options:"), ...flagLines(spec.flags));
  return `${lines.join("\n")}\n`;
}
