/**
 * LLM SDKs (and LanceDB in @claw/memory) are optional peer dependencies: a host installs only
 * the ones it uses. A missing one must say which package to install, not "Cannot find package".
 */
import { lazyModule } from "./lazy-module.js";

/** Thrown when an optional peer package is not installed. `packages` lists what to install. */
export class MissingPeerError extends Error {
  readonly code = "CLAW_MISSING_PEER";
  constructor(
    readonly packages: readonly string[],
    purpose: string,
    options?: { cause?: unknown },
  ) {
    const list = packages.map((p) => `"${p}"`).join(" and ");
    super(
      `${purpose} needs the optional package ${list}, which is not installed: run \`npm install ${packages.join(" ")}\``,
      options,
    );
    this.name = "MissingPeerError";
  }
}

/** True when `error` is Node's "package not found" for one of `packages` (not a failure inside it). */
export function isMissingPackage(error: unknown, packages: readonly string[]): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (code !== "ERR_MODULE_NOT_FOUND" && code !== "MODULE_NOT_FOUND") return false;
  return packages.some((name) => error.message.includes(`'${name}'`) || error.message.includes(`"${name}"`));
}

/**
 * Like `lazyModule`, for an import of optional peer packages: when one is not installed the load
 * fails with a `MissingPeerError` naming the `npm install` to run.
 *
 * @example
 * const loadOpenAI = lazyPeer(["openai"], "The OpenAI adapter", () => import("openai"));
 * const { default: OpenAI } = await loadOpenAI(); // MissingPeerError: … run `npm install openai`
 */
export function lazyPeer<T>(
  packages: readonly string[],
  purpose: string,
  load: () => Promise<T>,
): () => Promise<T> {
  return lazyModule(() =>
    load().catch((error: unknown) => {
      throw isMissingPackage(error, packages)
        ? new MissingPeerError(packages, purpose, { cause: error })
        : error;
    }),
  );
}
