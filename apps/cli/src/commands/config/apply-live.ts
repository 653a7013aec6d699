/**
 * When a gateway runs for this state dir, config edits go through its `config.apply`: it
 * validates, writes, applies what it can live and says what needs a restart, in one place.
 */
import type { CommandContext } from "../../context.js";
import { connectGateway, readGatewayStateFile } from "../../gateway-target.js";

/** The part of the gateway's `config.apply` answer the CLI shows. */
export interface AppliedConfig {
  hotApplied: string[];
  restartRequired: string[];
}

/** The gateway's report, or undefined when no gateway runs here (the caller writes the file). */
export async function applyThroughGateway(
  context: CommandContext,
  stateDir: string,
  document: unknown,
): Promise<AppliedConfig | undefined> {
  if (!readGatewayStateFile(stateDir)) return undefined;
  let connection: Awaited<ReturnType<typeof connectGateway>>;
  try {
    connection = await connectGateway(context, {});
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    context.io.stderr(
      `claw: the running gateway could not be asked to apply the change (${reason}); writing the file — the gateway picks it up from there\n`,
    );
    return undefined;
  }
  const { client } = connection;
  try {
    return (await client.request("config.apply", { raw: JSON.stringify(document) })) as AppliedConfig;
  } finally {
    await client.close().catch(() => {});
  }
}

/** Two lines at most: what the running gateway applied, and what waits for a restart. */
export function describeApplied(result: AppliedConfig, context: CommandContext): string {
  const { green, yellow } = context.style;
  const lines: string[] = [];
  const live = result.hotApplied;
  const restart = result.restartRequired;
  if (live.length > 0) lines.push(`  ${green("applied live:")} ${live.join(", ")}`);
  if (restart.length > 0)
    lines.push(
      `  ${yellow("needs a restart:")} ${restart.join(", ")} — run \`claw gateway stop\` then \`claw gateway run --detach\``,
    );
  if (live.length === 0 && restart.length === 0) lines.push("  nothing changed");
  return `${lines.join("\n")}\n`;
}
