/**
 * The real OpenClaw CLI against Claw's gateway (run by `pnpm soak:openclaw`, which installs
 * openclaw and Node 24 and runs this file on Node 24). Claw's gateway runs in this process with a
 * fake OpenAI-compatible provider (the repo's wire-format fake server); each case runs the
 * `openclaw` binary as a user would, pointed at the gateway by OPENCLAW_GATEWAY_URL/TOKEN, and
 * checks its exit code and output. Prints the pass list; exits 1 when a case fails.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { validateConfig } from "@claw/config";
import {
  startFakeServer,
  syntheticStream,
  tokenText,
} from "../../../packages/providers/test/fake-server/index.js";
import { startClaw } from "../src/index.js";

const openclaw = process.env.OPENCLAW_BIN;
if (!openclaw) throw new Error("OPENCLAW_BIN is not set: run `pnpm soak:openclaw`");

const TOKENS = 4;
const reply = Array.from({ length: TOKENS }, (_, i) => tokenText(i))
  .join("")
  .trim();
const provider = await startFakeServer({
  "POST /v1/chat/completions": syntheticStream("openai-completions", { tokens: TOKENS, model: "llama" }),
});
const home = mkdtempSync(join(tmpdir(), "claw-openclaw-soak-"));
const document = {
  agents: { defaults: { model: "local/llama", skipBootstrap: true } },
  models: {
    providers: {
      local: {
        api: "openai-completions",
        baseUrl: `${provider.url}/v1`,
        apiKey: "sk-local",
        models: [{ id: "llama" }],
      },
    },
  },
};
const validated = validateConfig(document);
if (!validated.ok) throw new Error(`soak config is invalid: ${JSON.stringify(validated.issues)}`);
const claw = await startClaw({
  config: validated.config,
  stateDir: join(home, ".claw"),
  configPath: join(home, ".claw", "claw.json"),
  homeDir: home,
  env: {},
  host: "127.0.0.1",
  port: 0,
  watchSkills: false,
});

interface Outcome {
  code: number | null;
  stdout: string;
  stderr: string;
}

const shellQuote = (arg: string) => `'${arg.replaceAll("'", "'\\''")}'`;
// biome-ignore lint/suspicious/noControlCharactersInRegex: terminal escape sequences
const ANSI = /\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b\][^\x07]*\x07/g;

/**
 * Runs `openclaw ARGS` on this Node (24) with a fresh OpenClaw home pointed at Claw's gateway.
 * `tty` runs it under `script` (a pseudo-terminal, for the TUI) and stops it once `until` shows.
 */
function runOpenclaw(args: string[], options: { tty?: boolean; until?: string } = {}): Promise<Outcome> {
  const timeoutMs = 60_000;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOME: home,
    OPENCLAW_STATE_DIR: join(home, ".openclaw"),
    OPENCLAW_GATEWAY_URL: claw.url,
    OPENCLAW_GATEWAY_TOKEN: claw.token ?? "",
    NO_COLOR: "1",
  };
  return new Promise((resolve) => {
    const argv = [process.execPath, openclaw as string, ...args];
    const child = options.tty
      ? spawn("script", ["-qfec", argv.map(shellQuote).join(" "), "/dev/null"], {
          env: { ...env, TERM: "xterm-256color", COLUMNS: "120", LINES: "40" },
          stdio: ["pipe", "pipe", "pipe"],
        })
      : spawn(argv[0] as string, argv.slice(1), { env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout?.on("data", (d) => {
      stdout += String(d).replace(ANSI, "");
      if (options.until && stdout.includes(options.until)) child.kill("SIGKILL");
    });
    child.stderr?.on("data", (d) => {
      stderr += String(d);
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.once("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

type Check = (o: Outcome) => string | undefined;
const exitsZero: Check = (o) => (o.code === 0 ? undefined : `exit ${o.code}`);
const prints =
  (text: string): Check =>
  (o) =>
    o.stdout.includes(text) ? undefined : `stdout lacks ${JSON.stringify(text)}`;
const printsJson =
  (key: string): Check =>
  (o) => {
    const start = o.stdout.search(/[[{]/);
    try {
      const value = JSON.parse(o.stdout.slice(start)) as unknown;
      if (key === "[]") return Array.isArray(value) ? undefined : "JSON answer is not a list";
      return value && typeof value === "object" && key in value ? undefined : `JSON answer lacks "${key}"`;
    } catch {
      return "stdout is not a JSON answer";
    }
  };
const showsNo =
  (text: string): Check =>
  (o) =>
    o.stdout.includes(text)
      ? `shows ${JSON.stringify(o.stdout.slice(o.stdout.indexOf(text)).split("\n")[0]?.trim())}`
      : undefined;

const call = (method: string, key: string, params?: object): [string, string[], Check[]] => [
  `gateway call ${method}`,
  ["gateway", "call", method, "--json", ...(params ? ["--params", JSON.stringify(params)] : [])],
  [exitsZero, printsJson(key)],
];

const CASES: [string, string[], Check[]][] = [
  ["agent --message", ["agent", "--message", "hello"], [exitsZero, prints(reply)]],
  [
    "agent --agent main --message",
    ["agent", "--agent", "main", "--message", "hello"],
    [exitsZero, prints(reply)],
  ],
  [
    "agent --session-key agent:main:main --message",
    ["agent", "--session-key", "agent:main:main", "--message", "hello"],
    [exitsZero, prints(reply)],
  ],
  call("health", "ok"),
  call("status", "sessions"),
  call("system-presence", "[]"),
  call("agents.list", "agents"),
  call("sessions.list", "sessions"),
  call("sessions.describe", "session", { key: "agent:main:main" }),
  call("sessions.subscribe", "subscribed"),
  call("commands.list", "commands"),
  call("models.list", "models"),
  call("config.get", "config"),
  call("chat.history", "messages", { sessionKey: "agent:main:main" }),
  call("tools.effective", "groups", { sessionKey: "agent:main:main" }),
  ["status", ["status"], [exitsZero]],
];
const TUI_CASE = "tui --message (in a pseudo-terminal, until the reply shows)";

const results: { name: string; problem?: string; detail?: string }[] = [];
try {
  for (const [name, args, checks] of CASES) {
    const outcome = await runOpenclaw(args);
    report(name, outcome, checks);
  }
  const tui = await runOpenclaw(["tui", "--session", "agent:main:tui", "--message", "hello"], {
    tty: true,
    until: reply,
  });
  // The failures the issue saw: the subscribe refused, then every message "not connected".
  report(TUI_CASE, tui, [prints(reply), showsNo("subscribe failed"), showsNo("not connected")]);
} finally {
  await claw.close();
  await provider.close();
  rmSync(home, { recursive: true, force: true });
}

/** Records one case: the first failed check, with the end of its output. */
function report(name: string, outcome: Outcome, checks: Check[]): void {
  const problem = checks.map((c) => c(outcome)).find((p) => p !== undefined);
  results.push({
    name,
    ...(problem ? { problem, detail: `${outcome.stdout.slice(-400)}${outcome.stderr.slice(-400)}` } : {}),
  });
  process.stderr.write(`${problem ? "✖" : "✔"} openclaw ${name}${problem ? ` — ${problem}` : ""}\n`);
}

const failed = results.filter((r) => r.problem);
console.log(`\nOpenClaw ${openclaw} on Node ${process.version} against Claw's gateway:`);
for (const r of results)
  console.log(`  ${r.problem ? "FAIL" : "pass"}  openclaw ${r.name}${r.problem ? ` — ${r.problem}` : ""}`);
for (const r of failed) console.log(`\n--- ${r.name}\n${r.detail}`);
console.log(`\n${results.length - failed.length}/${results.length} passed`);
process.exit(failed.length > 0 ? 1 : 0);
