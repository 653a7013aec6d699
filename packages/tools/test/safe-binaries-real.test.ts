/**
 * The safe-binary table against the programs installed here: every long option a row allows is
 * accepted by the real binary with the argument mode the row says, and every short option the
 * row says takes a value really demands one (the direction in which a wrong row would let a path
 * slip by unchecked). Rows whose program is not installed are skipped by name.
 */
import { execFile } from "node:child_process";
import { accessSync, constants } from "node:fs";
import { describe, expect, it } from "vitest";
import type { OptionSpec } from "../src/approvals/option-grammar.js";
import { SAFE_BINARIES, type SafeBinary } from "../src/approvals/safe-binaries.js";

/** Messages getopt_long (and jq) print when an option is unknown or given the wrong argument. */
const REJECTED = /unrecognized option|invalid option|Unknown arguments|doesn't allow an argument|ambiguous/i;
const DEMANDS_VALUE = /requires an argument|takes (one|two|a) parameter/i;

function run(program: string, args: string[]): Promise<string> {
  return new Promise((resolve) => {
    const child = execFile(program, args, { timeout: 3_000, encoding: "utf8" }, (_error, _out, err) =>
      resolve(err),
    );
    child.stdin?.end();
  });
}

function installed(name: string): boolean {
  try {
    accessSync(`/usr/bin/${name}`, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Options whose use has effects (set the clock, the host name) are not run, only read. */
const runnable = (bin: SafeBinary, option: OptionSpec) =>
  !option.asks &&
  !option.kinds.some((k) => k === "program" || k === "path-write" || k === "names-from") &&
  bin.name !== "hostname";

function sample(bin: SafeBinary, option: OptionSpec): string {
  const kind = option.kinds[0];
  if (kind === "path-read") return "/dev/null";
  if (kind === "number") return "1";
  return bin.name === "date" ? "now" : "x";
}

const rows = SAFE_BINARIES.filter((bin) => bin.grammar !== "find" && installed(bin.name));

describe("safe-binary grammars match the installed programs", () => {
  it.each(rows.map((bin) => [bin.name, bin] as const))(
    "%s",
    async (_name, bin) => {
      if (bin.grammar === "find") return;
      const problems: string[] = [];
      const jq = bin.grammar.style === "jq";
      const tail = jq ? ["-n", "."] : [];
      const checks = bin.grammar.options
        .filter((o) => runnable(bin, o))
        .flatMap((option) => {
          const value = sample(bin, option);
          const longs = [...option.long].map(async ([name, mode]) => {
            const args =
              mode === "none"
                ? [`--${name}`]
                : jq
                  ? [
                      `--${name}`,
                      ...option.kinds.map((k, i) =>
                        i === 0 ? value : k === "path-read" ? "/dev/null" : "x",
                      ),
                    ]
                  : [`--${name}=${value}`];
            const err = await run(bin.name, [...args, ...tail]);
            if (REJECTED.test(err)) problems.push(`${args.join(" ")}: ${err.split("\n")[0]}`);
          });
          const shorts = [...option.short]
            .filter(([, mode]) => mode === "required")
            .map(async ([letter]) => {
              const err = await run(bin.name, [`-${letter}`]);
              if (!DEMANDS_VALUE.test(err))
                problems.push(`-${letter} does not demand a value: ${err.split("\n")[0]}`);
            });
          return [...longs, ...shorts];
        });
      await Promise.all(checks);
      expect(problems).toEqual([]);
    },
    60_000,
  );
});
