/** `claw health`: the running gateway's health summary. */
import { sanitizeTerminalText } from "@claw/client/terminal-text";
import type { ParsedCommandArgs } from "../../args.js";
import type { CommandContext, CommandModule } from "../../context.js";
import { EXIT_OK } from "../../context.js";
import { withGateway } from "../../gateway-target.js";
import { ago, toJson } from "../../render/table.js";
import { runFlat } from "../../subcommands.js";

async function health({ values }: ParsedCommandArgs, context: CommandContext): Promise<number> {
  const { io, style } = context;
  return withGateway(context, values, async (client, target) => {
    const started = performance.now();
    const summary = await client.request("health", {});
    const rttMs = Math.round(performance.now() - started);
    if (values.json) {
      io.stdout(toJson({ url: target.url, rttMs, ...summary }));
      return EXIT_OK;
    }
    const lines = [
      `${style.green("✓")} gateway ${target.url} answered in ${rttMs} ms`,
      `  default agent  ${summary.defaultAgentId ?? "-"}`,
      `  sessions       ${summary.sessions?.count ?? 0}`,
    ];
    for (const s of summary.sessions?.recent ?? [])
      lines.push(`    ${sanitizeTerminalText(s.key)}  ${ago(s.updatedAt)}`);
    io.stdout(`${lines.join("\n")}\n`);
    return EXIT_OK;
  });
}

export const run: CommandModule["run"] = (args, context) => runFlat("health", health, args, context);
export default { run } satisfies CommandModule;
