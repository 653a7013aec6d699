/** `claw completion bash|zsh|fish`: a completion script generated from the command table. */

import type { CommandEntry } from "../../command-spec.js";
import { type CommandContext, type CommandModule, EXIT_OK, UsageError } from "../../context.js";
import { renderCommandHelp } from "../../render/command-help.js";
import { COMMANDS } from "../index.js";

const GLOBAL_FLAGS = ["--profile", "--no-color", "--help", "--version"];

function words(entry: CommandEntry): { subs: string[]; flags: Record<string, string[]> } {
  const flags: Record<string, string[]> = {};
  const own = Object.keys(entry.flags ?? {}).map((f) => `--${f}`);
  flags[""] = [...own, "--help"];
  for (const sub of entry.subcommands ?? [])
    flags[sub.name] = [...Object.keys(sub.flags ?? {}).map((f) => `--${f}`), "--help"];
  return { subs: (entry.subcommands ?? []).map((s) => s.name), flags };
}

/** Bash: `complete -F`; words are chosen by the command and subcommand already typed. */
export function bashScript(): string {
  const cases = COMMANDS.map((entry) => {
    const { subs, flags } = words(entry);
    const subCases = Object.entries(flags)
      .filter(([name]) => name !== "")
      .map(([name, list]) => `        ${name}) opts="${list.join(" ")}" ;;`)
      .join("\n");
    return `    ${entry.name})
      case "$sub" in
${subCases}
        *) opts="${[...subs, ...(flags[""] ?? [])].join(" ")}" ;;
      esac ;;`;
  }).join("\n");
  return `# claw bash completion — add to ~/.bashrc: source <(claw completion bash)
_claw() {
  local cur cmd sub opts
  cur="\${COMP_WORDS[COMP_CWORD]}"
  cmd="\${COMP_WORDS[1]}"
  sub="\${COMP_WORDS[2]}"
  if [ "$COMP_CWORD" -eq 1 ]; then
    opts="${COMMANDS.map((c) => c.name).join(" ")} ${GLOBAL_FLAGS.join(" ")}"
  else
    case "$cmd" in
${cases}
    esac
  fi
  COMPREPLY=( $(compgen -W "$opts" -- "$cur") )
}
complete -F _claw claw
`;
}

/** Zsh: reuses the bash function through bashcompinit, so both shells complete the same words. */
export function zshScript(): string {
  return `#compdef claw
# claw zsh completion — add to ~/.zshrc: source <(claw completion zsh)
autoload -U +X bashcompinit && bashcompinit
${bashScript()}`;
}

/** Fish: one `complete` line per command, subcommand and flag. */
export function fishScript(): string {
  const lines = [
    "# claw fish completion — save as ~/.config/fish/completions/claw.fish",
    "complete -c claw -f",
  ];
  const top = COMMANDS.map((c) => c.name).join(" ");
  for (const entry of COMMANDS) {
    lines.push(
      `complete -c claw -n "not __fish_seen_subcommand_from ${top}" -a ${entry.name} -d ${JSON.stringify(entry.summary)}`,
    );
    const subs = (entry.subcommands ?? []).map((s) => s.name).join(" ");
    for (const sub of entry.subcommands ?? []) {
      lines.push(
        `complete -c claw -n "__fish_seen_subcommand_from ${entry.name}; and not __fish_seen_subcommand_from ${subs}" -a ${sub.name} -d ${JSON.stringify(sub.summary)}`,
      );
      for (const [flag, spec] of Object.entries(sub.flags ?? {}))
        lines.push(
          `complete -c claw -n "__fish_seen_subcommand_from ${entry.name}; and __fish_seen_subcommand_from ${sub.name}" -l ${flag}${spec.type === "string" ? " -r" : ""} -d ${JSON.stringify(spec.summary)}`,
        );
    }
    for (const [flag, spec] of Object.entries(entry.flags ?? {}))
      lines.push(
        `complete -c claw -n "__fish_seen_subcommand_from ${entry.name}" -l ${flag}${spec.type === "string" ? " -r" : ""} -d ${JSON.stringify(spec.summary)}`,
      );
  }
  return `${lines.join("\n")}\n`;
}

const SHELLS: Record<string, () => string> = { bash: bashScript, zsh: zshScript, fish: fishScript };

export async function run(args: string[], context: CommandContext): Promise<number> {
  const [shell, ...extra] = args;
  if (shell === "--help" || shell === "-h") {
    const entry = COMMANDS.find((c) => c.name === "completion") as CommandEntry;
    context.io.stdout(renderCommandHelp(entry, context.style));
    return EXIT_OK;
  }
  const script = shell === undefined ? undefined : SHELLS[shell];
  if (!script || extra.length > 0)
    throw new UsageError(
      `claw completion needs one shell: bash, zsh or fish`,
      "e.g. source <(claw completion bash)",
    );
  context.io.stdout(script());
  return EXIT_OK;
}

export default { run } satisfies CommandModule;
