/** The command reference in Markdown (docs/cli.md), generated from the command table. */
import { type Flags, flagUsage } from "../command-spec.js";
import { COMMANDS } from "../commands/index.js";

function flagRows(flags: Flags | undefined): string[] {
  return Object.entries(flags ?? {}).map(
    ([name, flag]) => `| \`${flagUsage(name, flag)}\` | ${flag.summary} |`,
  );
}

function flagTable(flags: Flags | undefined): string[] {
  const rows = flagRows(flags);
  return rows.length === 0 ? [] : ["", "| Option | |", "| --- | --- |", ...rows];
}

/** Markdown for every command, subcommand and flag. */
export function renderMarkdownReference(): string {
  const out: string[] = [];
  for (const entry of COMMANDS) {
    out.push(`### \`claw ${entry.name}${entry.args ? ` ${entry.args}` : ""}\``, "", entry.summary);
    out.push(...flagTable(entry.flags));
    for (const sub of entry.subcommands ?? []) {
      out.push(
        "",
        `#### \`claw ${entry.name} ${sub.name}${sub.args ? ` ${sub.args}` : ""}\``,
        "",
        sub.summary,
      );
      out.push(...flagTable(sub.flags));
    }
    out.push("");
  }
  return out.join("\n");
}
