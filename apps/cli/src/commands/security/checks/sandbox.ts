/** Whether the sandbox the config asks for can run here (bubblewrap, through @claw/tools' own check). */
import { isSandboxConfigured } from "@claw/config";
import { BWRAP_INSTALL_HINT, checkBwrap } from "@claw/tools";
import type { AuditCheck } from "../finding.js";

export const sandboxFindings: AuditCheck = async ({ config, bwrapPath }) => {
  const configured = isSandboxConfigured(config);
  const bwrap = await checkBwrap(bwrapPath);
  if (configured && !bwrap.ok)
    return [
      {
        id: "sandbox.unavailable",
        severity: "warn",
        title: `sessions are configured sandboxed, but ${bwrap.reason}: their commands are refused (not run unsandboxed)`,
        fix: bwrap.reason.includes("not installed")
          ? BWRAP_INSTALL_HINT
          : "fix bubblewrap as the reason says (`claw doctor` checks it too)",
      },
    ];
  if (configured && bwrap.ok)
    return [
      { id: "sandbox.ok", severity: "info", title: `${bwrap.version} sandboxes exec`, fix: "nothing to do" },
    ];
  return [
    {
      id: "sandbox.off",
      severity: "info",
      title: `no session is sandboxed (agents.defaults.sandbox.mode "off")${bwrap.ok ? `; ${bwrap.version} is available` : `; and ${bwrap.reason}`}`,
      fix: bwrap.ok
        ? "`claw config set agents.defaults.sandbox.mode non-main` runs every session but yours in bubblewrap"
        : `${BWRAP_INSTALL_HINT}, then \`claw config set agents.defaults.sandbox.mode non-main\``,
    },
  ];
};
