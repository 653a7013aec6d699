/** `claw tui`: the terminal chat (apps/tui), with this command's arguments passed through. */
import type { CommandContext, CommandModule } from "../../context.js";

export async function run(args: string[], context: CommandContext): Promise<number> {
  const { tuiMain } = await import("@claw/tui");
  return tuiMain(context.profile ? ["--profile", context.profile, ...args] : args, context.io.env);
}

export default { run } satisfies CommandModule;
