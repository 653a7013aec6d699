/**
 * The gateway imports this package whether or not Slack is configured: importing it must not
 * load `@slack/web-api`, `@slack/socket-mode` or `undici` (about 20 MB and 0.4 s); they load on
 * a Slack account's first call.
 */
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const PROBE = `
import { createRequire } from "node:module";
const slack = await import(process.argv[1]);
const loaded = () => Object.keys(createRequire(import.meta.url).cache).filter((p) => /[\\\\/](@slack|undici)[\\\\/]/.test(p));
const before = loaded();
const channel = slack.createSlackChannel({ botToken: "xoxb-x", slackApiUrl: "http://127.0.0.1:9/api/" });
await channel.probe();
console.log(JSON.stringify({ before, after: loaded().length }));
`;

describe("loading the Slack SDK", () => {
  it("waits for the first Slack call", () => {
    const out = execFileSync(
      process.execPath,
      [
        "--conditions=@claw/source",
        "--import",
        "tsx",
        "--input-type=module",
        "-e",
        PROBE,
        join(import.meta.dirname, "..", "src", "index.ts"),
      ],
      { encoding: "utf8" },
    );
    const { before, after } = JSON.parse(out.trim().split("\n").at(-1) ?? "{}") as {
      before: string[];
      after: number;
    };
    expect(before).toEqual([]);
    expect(after).toBeGreaterThan(0);
  }, 30_000);
});
