/**
 * Who a sandboxed command runs as. A gateway running as root hands commands to a dedicated,
 * non-root uid — a real kernel uid, so the kernel's root exemptions (RLIMIT_NPROC, root-owned
 * /proc and /sys knobs) do not apply — while any other gateway runs them as itself.
 */

/** A kernel uid and gid. */
export interface SandboxUser {
  uid: number;
  gid: number;
}

/**
 * 2000000000: in the range systemd documents as unused (1879048192–2147352575), so above login
 * users (1000–59999), Debian's reserved ids (60000–65533), nobody (65534), systemd's dynamic users
 * (61184–65519), subuid blocks (from 100000) and nspawn's container ranges (524288–1879048191), and
 * below 2^31, where some tools mishandle uids as signed.
 */
export const DEFAULT_SANDBOX_USER: SandboxUser = { uid: 2_000_000_000, gid: 2_000_000_000 };

/**
 * The uid to switch to inside the sandbox, or undefined when the gateway is not root (its
 * commands then run as the gateway's own uid, mapped by bubblewrap's user namespace).
 *
 * @example
 * sandboxUserFor({ uid: 3000000000, gid: 3000000000 }); // as root: that user; otherwise undefined
 */
export function sandboxUserFor(
  configured: SandboxUser | undefined,
  gatewayUid: number | undefined = process.getuid?.(),
): SandboxUser | undefined {
  if (gatewayUid !== 0) return undefined;
  return configured ?? DEFAULT_SANDBOX_USER;
}
