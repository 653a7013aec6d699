/**
 * Code highlighting by one tokenizer for the languages models write most (JS/TS, Python, shell,
 * JSON, Go, Rust, C-likes): comments, strings, numbers, keywords. Returns token spans; the view
 * renders them as text nodes, so code is never parsed as markup.
 */

export type TokenKind = "plain" | "comment" | "string" | "number" | "keyword";
export interface Token {
  kind: TokenKind;
  text: string;
}

const KEYWORDS = new Set(
  (
    "abstract as async await break case catch class const continue def default defer del do elif else " +
    "enum export extends false fi final finally fn for from func function go if impl import in interface " +
    "is lambda let loop match mod mut new nil none null or and not package pass private protected pub " +
    "public raise return self static struct super switch then this throw true try type typeof undefined " +
    "use var void while with yield echo local done esac"
  ).split(" "),
);

const HASH_COMMENT_LANGS = new Set([
  "python",
  "py",
  "sh",
  "bash",
  "shell",
  "zsh",
  "ruby",
  "rb",
  "yaml",
  "yml",
  "toml",
]);
const NO_HIGHLIGHT = new Set(["", "text", "txt", "plain", "markdown", "md", "diff"]);

/** Whether a fence's language gets highlighted (unknown languages get the generic rules). */
export function highlights(lang: string): boolean {
  return !NO_HIGHLIGHT.has(lang);
}

/**
 * @example
 * tokenize("const x = 1; // one", "ts");
 * // [{kind:"keyword",text:"const"}, {kind:"plain",text:" x = "}, {kind:"number",text:"1"}, …]
 */
export function tokenize(code: string, lang: string): Token[] {
  const hash = HASH_COMMENT_LANGS.has(lang);
  const pattern = new RegExp(
    [
      hash ? "(#[^\\n]*)" : "(\\/\\/[^\\n]*|\\/\\*[\\s\\S]*?(?:\\*\\/|$))",
      "(\"(?:[^\"\\\\\\n]|\\\\.)*\"?|'(?:[^'\\\\\\n]|\\\\.)*'?|`(?:[^`\\\\]|\\\\.)*`?)",
      "(\\b\\d[\\d_]*(?:\\.\\d+)?(?:e[+-]?\\d+)?\\b|\\b0x[0-9a-f]+\\b)",
      "([A-Za-z_$][\\w$]*)",
    ].join("|"),
    "gi",
  );
  const tokens: Token[] = [];
  let last = 0;
  const push = (kind: TokenKind, text: string) => {
    const previous = tokens.at(-1);
    if (previous && previous.kind === kind) previous.text += text;
    else tokens.push({ kind, text });
  };
  for (const m of code.matchAll(pattern)) {
    const index = m.index ?? 0;
    if (index > last) push("plain", code.slice(last, index));
    const [text, comment, string, number, word] = m;
    if (comment !== undefined) push("comment", text);
    else if (string !== undefined) push("string", text);
    else if (number !== undefined) push("number", text);
    else push(word !== undefined && KEYWORDS.has(word) ? "keyword" : "plain", text);
    last = index + text.length;
  }
  if (last < code.length) push("plain", code.slice(last));
  return tokens;
}
