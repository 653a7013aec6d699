/** `claw gateway run|status|stop|logs`. */
import type { CommandModule } from "../../context.js";
import { runSubcommands } from "../../subcommands.js";
import { gatewayStatus, gatewayStop } from "./lifecycle.js";
import { gatewayLogs } from "./logs.js";
import { gatewayRun } from "./run.js";

export const run: CommandModule["run"] = (args, context) =>
  runSubcommands(
    "gateway",
    { run: gatewayRun, status: gatewayStatus, stop: gatewayStop, logs: gatewayLogs },
    args,
    context,
  );
export default { run } satisfies CommandModule;
