/**
 * Finding the system Chromium: Claw drives the distribution's browser through playwright-core and
 * never downloads one. Missing → an error that names the package to install.
 */
import { execFile } from "node:child_process";
import { access, constants } from "node:fs/promises";
import { delimiter, join } from "node:path";

/** The Debian/Ubuntu package that provides the browser. */
export const CHROMIUM_PACKAGE = "chromium";
/** What to run when Chromium is missing. */
export const CHROMIUM_INSTALL_HINT = `install it with \`sudo apt-get install ${CHROMIUM_PACKAGE}\` (Debian package "${CHROMIUM_PACKAGE}"), or set tools.browser.executablePath`;
/** Executable names tried on PATH, in order, when no path is configured. */
export const CHROMIUM_NAMES = [
  "chromium",
  "chromium-browser",
  "google-chrome-stable",
  "google-chrome",
] as const;

export class ChromiumMissingError extends Error {
  override name = "ChromiumMissingError";
}

export interface LocateChromiumOptions {
  /** An explicit executable (`tools.browser.executablePath`); nothing else is tried when set. */
  executablePath?: string;
  /** The PATH to search (default: this process's PATH). */
  path?: string;
}

/**
 * The Chromium executable to launch, or a `ChromiumMissingError` that says how to install it.
 *
 * @example
 * await locateChromium(); // "/usr/bin/chromium"
 * await locateChromium({ executablePath: "/opt/none" }); // throws: Chromium not found at /opt/none: install it with …
 */
export async function locateChromium(options: LocateChromiumOptions = {}): Promise<string> {
  if (options.executablePath) {
    if (await isExecutable(options.executablePath)) return options.executablePath;
    throw new ChromiumMissingError(
      `Chromium not found at ${options.executablePath}: ${CHROMIUM_INSTALL_HINT}.`,
    );
  }
  const dirs = (options.path ?? process.env.PATH ?? "").split(delimiter).filter(Boolean);
  for (const name of CHROMIUM_NAMES)
    for (const dir of dirs) if (await isExecutable(join(dir, name))) return join(dir, name);
  throw new ChromiumMissingError(
    `Chromium is not installed (looked for ${CHROMIUM_NAMES.join(", ")} on PATH): ${CHROMIUM_INSTALL_HINT}.`,
  );
}

export interface ChromiumCheck {
  ok: boolean;
  /** The executable found. */
  executablePath?: string;
  /** `Chromium 156.0.8078.79 …` as the browser prints it. */
  version?: string;
  /** What is wrong and what to do, when not ok. */
  problem?: string;
}

/**
 * For `claw doctor`: is a Chromium there, and does it start far enough to print its version?
 *
 * @example
 * await checkChromium(); // { ok: true, executablePath: "/usr/bin/chromium", version: "Chromium 156.0…" }
 */
export async function checkChromium(options: LocateChromiumOptions = {}): Promise<ChromiumCheck> {
  let executablePath: string;
  try {
    executablePath = await locateChromium(options);
  } catch (error) {
    return { ok: false, problem: error instanceof Error ? error.message : String(error) };
  }
  return new Promise((resolve) => {
    execFile(executablePath, ["--version"], { timeout: 10_000 }, (error, stdout) => {
      const version = stdout
        .split("\n")
        .map((line) => line.trim())
        .find((line) => /\d+\.\d+/.test(line));
      if (error || !version)
        resolve({
          ok: false,
          executablePath,
          problem: `${executablePath} --version failed (${error?.message ?? "no version printed"}): reinstall it (${CHROMIUM_INSTALL_HINT}).`,
        });
      else resolve({ ok: true, executablePath, version });
    });
  });
}

async function isExecutable(path: string): Promise<boolean> {
  try {
    await access(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
