/**
 * @claw/tui — the Claw terminal chat. `runTui` is the whole app; `apps/cli` mounts it as
 * `claw tui`, and `claw-tui` runs it directly.
 *
 * @example
 * import { runTui } from "@claw/tui";
 * const tui = await runTui({ url: "ws://127.0.0.1:18789", token: process.env.CLAW_GATEWAY_TOKEN });
 * await tui.done;
 */
export { App, type AppOptions } from "./app.js";
export { COMMANDS, type CommandSpec, KEYS } from "./commands/table.js";
export { parseTuiArgs, resolveTarget, type TuiCliOptions, tuiMain } from "./main.js";
export { type RunTuiOptions, runTui, type TuiHandle } from "./run-tui.js";
export { initialState, reduce } from "./state/reducer.js";
export type { Action, ChatItem, TuiState } from "./state/types.js";
export { colorDisabled, createTheme, type Theme } from "./theme/theme.js";
