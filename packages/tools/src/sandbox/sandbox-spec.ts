/** What one sandboxed command gets (the shape `resolveSessionSandbox` in @claw/config returns). */
export interface SandboxSpec {
  /** How the workspace is mounted: read-write, read-only, or not at all. */
  workspaceAccess: "rw" | "ro" | "none";
  /** Share the host network; otherwise the command has only a private loopback. */
  network: boolean;
  limits?: {
    /** CPU time per process, in seconds (`ulimit -t`). */
    cpuSeconds?: number;
    /** Address space per process, in MiB (`ulimit -v`). */
    memoryMb?: number;
    /** Processes of the sandbox user (`ulimit -u`). */
    maxProcesses?: number;
  };
}

/** How the exec tool learns, per run, whether and how to sandbox (from the run's session key). */
export type SandboxResolver = (run: { sessionKey?: string; agentId?: string }) => SandboxSpec | undefined;
