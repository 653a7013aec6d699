/**
 * `claw doctor`'s sandbox checks. When some agent turns `sandbox.mode` on: bubblewrap must work,
 * and a real probe sandbox must run as a non-root uid, with /proc/sys read-only and a process
 * limit in force. Always: host commands of non-main sessions must run with the state dir hidden.
 */
import { type ClawConfig, isSandboxConfigured, resolveSessionSandbox } from "@claw/config";
import {
  BWRAP_INSTALL_HINT,
  checkBwrap,
  checkHostHiding,
  PROBE_MAX_PROCESSES,
  probeSandbox,
  type SandboxUser,
  UTIL_LINUX_INSTALL_HINT,
} from "@claw/tools";
import type { Finding } from "./checks.js";

/**
 * @example
 * await sandboxFindings(config); // [{ check: "sandbox", level: "ok", message: "bubblewrap 0.8.0 can sandbox exec: commands run as uid 2000000000, …" }, …]
 */
export async function sandboxFindings(
  config: ClawConfig | undefined,
  bwrapPath = "bwrap",
): Promise<Finding[]> {
  if (!config) return [];
  const findings = isSandboxConfigured(config) ? await sandboxedExecFindings(config, bwrapPath) : [];
  return [...findings, await hidingFinding(bwrapPath)];
}

async function sandboxedExecFindings(config: ClawConfig, bwrapPath: string): Promise<Finding[]> {
  const check = await checkBwrap(bwrapPath);
  if (!check.ok)
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
  const user = configuredUser(config);
  const probe = await probeSandbox({ bwrapPath, ...(user ? { user } : {}) });
  if (!probe.ok)
    return [
      {
        check: "sandbox",
        level: "fail",
        message: `a probe sandbox did not start: ${probe.reason}`,
        fix: probe.reason.includes("util-linux")
          ? UTIL_LINUX_INSTALL_HINT
          : 'see the error above, or set sandbox.mode to "off"',
      },
    ];
  const problems: Finding[] = [];
  if (probe.uid === 0)
    problems.push({
      check: "sandbox",
      level: "fail",
      message:
        "sandboxed commands run as uid 0 (kernel root): RLIMIT_NPROC does not bind them and root-owned knobs stay open",
      fix: "set agents.*.sandbox.user to a non-root uid/gid, or run the gateway as a non-root user",
    });
  if (probe.knobsWritable)
    problems.push({
      check: "sandbox",
      level: "fail",
      message: "/proc/sys/kernel/core_pattern opens for writing inside the sandbox",
      fix: "upgrade bubblewrap (0.8 or newer) and report this with `bwrap --version` and your kernel version",
    });
  if (probe.maxProcesses !== PROBE_MAX_PROCESSES)
    problems.push({
      check: "sandbox",
      level: "fail",
      message: `sandbox.limits.maxProcesses does not apply (the probe asked for ${PROBE_MAX_PROCESSES}, got ${probe.maxProcesses ?? "unlimited"})`,
      fix: UTIL_LINUX_INSTALL_HINT,
    });
  if (problems.length > 0) return problems;
  const own = probe.uid === process.getuid?.();
  return [
    {
      check: "sandbox",
      level: "ok",
      message: `${check.version} can sandbox exec: commands run as uid ${probe.uid}${own ? " (the gateway's own)" : ""}, /proc/sys is read-only, process limits apply (they count every process of uid ${probe.uid})`,
    },
  ];
}

async function hidingFinding(bwrapPath: string): Promise<Finding> {
  const hiding = await checkHostHiding(bwrapPath);
  if (hiding.ok)
    return {
      check: "host-exec",
      level: "ok",
      message: "host commands of non-main sessions run with the state dir hidden",
    };
  return {
    check: "host-exec",
    level: "warn",
    message: `host commands of non-main sessions can read the state dir (token, config, credentials): ${hiding.reason}`,
    fix: hiding.reason.includes("ENOENT")
      ? BWRAP_INSTALL_HINT
      : "allow user namespaces (sysctl kernel.unprivileged_userns_clone=1) or run the gateway as root, or sandbox those sessions (sandbox.mode non-main)",
  };
}

/** `sandbox.user` of the first agent (or the defaults) that sets one: the uid the probe runs as. */
function configuredUser(config: ClawConfig): SandboxUser | undefined {
  const ids = (config.agents.list ?? []).map((agent) => agent.id);
  for (const id of ids.length > 0 ? ids : ["main"]) {
    const user = resolveSessionSandbox(config, id, undefined)?.user;
    if (user) return user;
  }
  return undefined;
}
