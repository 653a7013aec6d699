/**
 * A small table-driven syntax highlighter for fenced code blocks: comments, strings, numbers and
 * the keywords of the languages assistants write most. Good enough to read code at a glance;
 * no grammar engine, no dependency.
 */

const KEYWORDS: Readonly<Record<string, readonly string[]>> = {
  js: "async await break case catch class const continue default delete do else export extends false finally for from function if import in instanceof interface let new null of return static super switch this throw true try type typeof undefined var void while yield".split(
    " ",
  ),
  py: "and as assert async await break class continue def del elif else except False finally for from global if import in is lambda None nonlocal not or pass raise return True try while with yield".split(
    " ",
  ),
  sh: "case do done elif else esac export fi for function if in local return then until while echo cd set unset".split(
    " ",
  ),
  go: "break case chan const continue default defer else fallthrough for func go goto if import interface map package range return select struct switch type var nil true false".split(
    " ",
  ),
  rs: "as async await break const continue crate else enum extern false fn for if impl in let loop match mod move mut pub ref return self Self static struct super trait true type unsafe use where while".split(
    " ",
  ),
};

const ALIASES: Readonly<Record<string, string>> = {
  javascript: "js",
  ts: "js",
  typescript: "js",
  tsx: "js",
  jsx: "js",
  json: "js",
  mjs: "js",
  python: "py",
  bash: "sh",
  shell: "sh",
  zsh: "sh",
  console: "sh",
  golang: "go",
  rust: "rs",
};

const COMMENT: Readonly<Record<string, RegExp>> = {
  js: /\/\/.*$/,
  go: /\/\/.*$/,
  rs: /\/\/.*$/,
  py: /#.*$/,
  sh: /#.*$/,
};

const TOKEN =
  /("(?:[^"\\]|\\.)*"?|'(?:[^'\\]|\\.)*'?|`(?:[^`\\]|\\.)*`?)|(\b\d+(?:\.\d+)?\b)|([A-Za-z_$][\w$]*)/g;

const wrap = (code: number, text: string) => `\x1b[${code}m${text}\x1b[39m`;

/** Highlights one line; strings, numbers and keywords inside a trailing comment are left alone. */
function highlightLine(line: string, keywords: ReadonlySet<string>, comment: RegExp | undefined): string {
  const match = comment?.exec(line);
  const body = match ? line.slice(0, match.index) : line;
  const painted = body.replace(TOKEN, (all, str?: string, num?: string, word?: string) => {
    if (str) return wrap(32, str);
    if (num) return wrap(33, num);
    if (word && keywords.has(word)) return wrap(35, word);
    return all;
  });
  return match ? painted + wrap(90, match[0]) : painted;
}

/**
 * @example
 * highlightCode("const x = 1; // one", "ts", true); // keyword, number and comment coloured
 */
export function highlightCode(code: string, lang: string | undefined, color: boolean): string[] {
  const lines = code.split("\n");
  if (!color) return lines;
  const id = ALIASES[lang ?? ""] ?? lang ?? "";
  const words = KEYWORDS[id];
  if (!words) return lines;
  const keywords = new Set(words);
  return lines.map((line) => highlightLine(line, keywords, COMMENT[id]));
}
