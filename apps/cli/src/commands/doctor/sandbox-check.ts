/**
 * `claw doctor`'s sandbox check: only when some agent turns `sandbox.mode` on, bubblewrap must
 * be installed and able to create namespaces — otherwise every sandboxed command would refuse to run.
 */
import { type ClawConfig, isSandboxConfigured } from "@claw/config";
import { BWRAP_INSTALL_HINT, checkBwrap } from "@claw/tools";
import type { Finding } from "./checks.js";

/**
 * @example
 * await sandboxFindings(config); // [{ check: "sandbox", level: "ok", message: "bubblewrap 0.8.0 can sandbox exec" }]
 */
export async function sandboxFindings(
  config: ClawConfig | undefined,
  bwrapPath = "bwrap",
): Promise<Finding[]> {
  if (!config || !isSandboxConfigured(config)) return [];
  const check = await checkBwrap(bwrapPath);
  if (check.ok) return [{ check: "sandbox", level: "ok", message: `${check.version} can sandbox exec` }];
  return [
    {
      check: "sandbox",
      level: "fail",
      message: `sandbox.mode is on, but ${check.reason}; sandboxed sessions cannot run commands`,
      fix: check.reason.includes("not installed")
        ? BWRAP_INSTALL_HINT
        : 'see the error above, or set sandbox.mode to "off"',
    },
  ];
}
