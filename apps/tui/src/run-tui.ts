/**
 * `runTui`: the whole terminal chat as one call, for `claw-tui`, `claw tui` and embedding.
 * Connects to a running gateway (`url` + `token`), or starts an embedded one (`local`).
 */
import { ProcessTerminal, type Terminal } from "@mariozechner/pi-tui";
import { App } from "./app.js";
import { colorDisabled, createTheme } from "./theme/theme.js";

export interface RunTuiOptions {
  /** Gateway WebSocket URL, e.g. ws://127.0.0.1:18789. */
  url: string;
  token?: string;
  password?: string;
  /** Claw state dir: the device identity is kept under it. */
  stateDir?: string;
  /** Session to open (default: the agent's main session). */
  sessionKey?: string;
  /** Agent to talk to (default: the gateway's default agent). */
  agentId?: string;
  /** Terminal to draw on (default: this process's stdin/stdout). Tests pass an emulated one. */
  terminal?: Terminal;
  /** Colour on/off (default: off when NO_COLOR is set or TERM=dumb). */
  color?: boolean;
  env?: Readonly<Record<string, string | undefined>>;
  /** Reconnect back-off for the gateway link (ms). */
  reconnectDelayMs?: { initial: number; max: number };
  /** Runs after the TUI stopped (closes an embedded gateway, for instance). */
  onExit?: () => Promise<void> | void;
}

export interface TuiHandle {
  app: App;
  /** Settles when the person quits (Ctrl+C twice, /quit) or `stop()` was called. */
  done: Promise<void>;
  stop(): Promise<void>;
}

/**
 * @example
 * const tui = await runTui({ url: "ws://127.0.0.1:18789", token, stateDir: `${os.homedir()}/.claw` });
 * await tui.done;
 */
export async function runTui(options: RunTuiOptions): Promise<TuiHandle> {
  const env = options.env ?? process.env;
  let finish: () => void = () => {};
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      await app.stop();
      await options.onExit?.();
      finish();
    })();
    return stopping;
  };
  const app = new App({
    terminal: options.terminal ?? new ProcessTerminal(),
    theme: createTheme({ color: options.color ?? !colorDisabled(env) }),
    gateway: {
      url: options.url,
      token: options.token,
      password: options.password,
      stateDir: options.stateDir,
      reconnectDelayMs: options.reconnectDelayMs,
    },
    sessionKey: options.sessionKey,
    agentId: options.agentId,
    onQuit: () => void stop(),
  });
  await app.start();
  return { app, done, stop };
}
