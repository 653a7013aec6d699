/**
 * `claw doctor`'s browser check: while the browser tool is on (`tools.browser.enabled`, the
 * default), a Chromium must be there and start — otherwise every browser action fails.
 */
import { CHROMIUM_INSTALL_HINT, checkChromium } from "@claw/browser";
import type { ClawConfig } from "@claw/config";
import type { Finding } from "./checks.js";

/**
 * @example
 * await browserFindings(config); // [{ check: "browser", level: "ok", message: "Chromium 156.0… at /usr/bin/chromium" }]
 */
export async function browserFindings(
  config: ClawConfig | undefined,
  searchPath?: string,
): Promise<Finding[]> {
  if (!config || config.tools.browser.enabled === false) return [];
  const executablePath = config.tools.browser.executablePath;
  const check = await checkChromium({ executablePath, path: searchPath });
  if (check.ok)
    return [{ check: "browser", level: "ok", message: `${check.version} at ${check.executablePath}` }];
  return [
    {
      check: "browser",
      level: "warn",
      message: `the browser tool is on, but ${check.problem?.replace(/^./, (c) => c.toLowerCase())}`,
      fix: `${CHROMIUM_INSTALL_HINT.replace(/^./, (c) => c.toUpperCase())} — or set tools.browser.enabled to false`,
    },
  ];
}
