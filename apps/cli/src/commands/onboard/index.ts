/** `claw onboard` (in progress). */
import { type CommandModule, UsageError } from "../../context.js";

export const run: CommandModule["run"] = async () => {
  throw new UsageError("claw onboard is not implemented yet");
};
export default { run } satisfies CommandModule;
