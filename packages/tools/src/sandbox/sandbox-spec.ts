import type { SandboxUser } from "./sandbox-user.js";

/** What one sandboxed command gets (the shape `resolveSessionSandbox` in @claw/config returns). */
export interface SandboxSpec {
  /** How the workspace is mounted: read-write, read-only, or not at all. */
  workspaceAccess: "rw" | "ro" | "none";
  /** Share the host network; otherwise the command has only a private loopback. */
  network: boolean;
  /** Set with `prlimit` as soft and hard limits before the command starts. */
  limits?: {
    /** CPU time per process, in seconds (RLIMIT_CPU). */
    cpuSeconds?: number;
    /** Address space per process, in MiB (RLIMIT_AS). */
    memoryMb?: number;
    /**
     * Processes and threads of the sandbox's uid (RLIMIT_NPROC). The kernel counts every process
     * of that uid: as root, all sandboxes share the sandbox uid, so the count is host-wide.
     */
    maxProcesses?: number;
  };
  /** Who the command runs as when the gateway is root (default `DEFAULT_SANDBOX_USER`). */
  user?: SandboxUser;
}

/** How the exec tool learns, per run, whether and how to sandbox (from the run's session key). */
export type SandboxResolver = (run: { sessionKey?: string; agentId?: string }) => SandboxSpec | undefined;
