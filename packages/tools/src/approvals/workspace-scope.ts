/**
 * Where a path really leads, for one analysis: resolve it from the cwd, follow every symlink
 * (also dangling ones and ones under missing folders), and say whether it stays in the
 * workspace. Results are cached for one `analyzeCommand` call only — a later call may see a
 * changed filesystem.
 */
import { lstatSync, readlinkSync, realpathSync } from "node:fs";
import { dirname, isAbsolute, resolve, sep } from "node:path";

/** Longest symlink chain followed before a path counts as unresolvable. */
const MAX_LINKS = 40;

export class WorkspaceScope {
  private readonly realCache = new Map<string, string | undefined>();
  private rootReal?: string;

  constructor(
    readonly cwd: string,
    readonly root: string,
  ) {}

  /** The real path `word` leads to (from the cwd), or undefined when it cannot be followed. */
  real(word: string): string | undefined {
    // Not path.resolve: `link/..` must climb from where the link leads, as the kernel does.
    const raw = isAbsolute(word) ? word : `${this.cwd}/${word}`;
    const cached = this.realCache.get(raw);
    if (cached !== undefined || this.realCache.has(raw)) return cached;
    let result: string | undefined;
    try {
      result = realpathSync.native(raw);
    } catch {
      result = this.walk("/", raw.split("/"), 0);
    }
    this.realCache.set(raw, result);
    return result;
  }

  /** Whether a real path is the workspace or inside it. */
  contains(realPath: string): boolean {
    this.rootReal ??= this.real(resolve(this.root)) ?? resolve(this.root);
    const root = this.rootReal;
    return realPath === root || realPath.startsWith(root.endsWith(sep) ? root : root + sep);
  }

  /** Why `word` is not a path inside the workspace, or undefined when it is. */
  outsideReason(word: string): string | undefined {
    const real = this.real(word);
    if (real === undefined) return `"${word}" cannot be resolved (a symlink loop or an unreadable folder)`;
    if (this.contains(real)) return undefined;
    const lexical = resolve(this.cwd, word);
    return lexical === real || !this.contains(lexical)
      ? `"${word}" is outside the workspace (${real})`
      : `"${word}" leads outside the workspace through a symlink (to ${real})`;
  }

  /** Follows `parts` from the real folder `from`, one component at a time (missing ones stay lexical). */
  private walk(from: string, parts: readonly string[], links: number): string | undefined {
    let here = from;
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i] as string;
      if (part === "" || part === ".") continue;
      if (part === "..") {
        here = dirname(here);
        continue;
      }
      const next = here === "/" ? `/${part}` : `${here}/${part}`;
      let target: string | undefined;
      try {
        target = lstatSync(next).isSymbolicLink() ? readlinkSync(next) : undefined;
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code !== "ENOENT" && code !== "ENOTDIR") return undefined;
      }
      if (target === undefined) {
        here = next;
        continue;
      }
      if (links >= MAX_LINKS) return undefined;
      const resolved = this.walk(target.startsWith("/") ? "/" : here, target.split("/"), links + 1);
      if (resolved === undefined) return undefined;
      return this.walk(resolved, parts.slice(i + 1), links + 1);
    }
    return here;
  }
}
