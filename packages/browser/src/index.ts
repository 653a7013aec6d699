/**
 * A managed Chromium for Claw agents: one browser per profile (started on first use, closed when
 * idle), ref-based accessibility snapshots, every request through the SSRF guard, and the
 * `browser` tool the model drives.
 *
 * @example
 * import { BrowserManager, createBrowserTool } from "@claw/browser";
 * const manager = new BrowserManager({ stateDir: "/home/me/.claw" });
 * const tool = createBrowserTool({ manager, workspaceDir: "/home/me/.claw/workspace" });
 * // give `tool` to an agent; call `await manager.close()` on shutdown
 */

// Commonly used: the manager and the tool.
export {
  BrowserManager,
  type BrowserManagerOptions,
  type BrowserProfileInfo,
  DEFAULT_IDLE_MS,
  DEFAULT_MAX_DOWNLOAD_BYTES,
} from "./manager/browser-manager.js";
export {
  type BrowserApprovalRequest,
  type BrowserAsk,
  type BrowserToolOptions,
  createBrowserTool,
} from "./tool/browser-tool.js";
export { BROWSER_TOOL_NAME } from "./tool/name.js";

// Finding Chromium (and checking it, for `claw doctor`).
export {
  CHROMIUM_INSTALL_HINT,
  CHROMIUM_PACKAGE,
  type ChromiumCheck,
  ChromiumMissingError,
  checkChromium,
  locateChromium,
} from "./chromium/locate-chromium.js";

// Advanced: one profile's browser, snapshots, the request guard and the action table.
export { ManagedBrowser, type ManagedBrowserStatus, type TabInfo } from "./manager/managed-browser.js";
export {
  approximateTokens,
  DEFAULT_SNAPSHOT_TOKENS,
  type PageSnapshot,
  resolveRef,
  type SnapshotOptions,
  StaleRefError,
  snapshotPage,
} from "./snapshot/page-snapshot.js";
export { type GuardProxy, type GuardProxyOptions, startGuardProxy } from "./guard/guard-proxy.js";
export { type BrowserSandbox, writeSandboxedLauncher } from "./sandbox/sandboxed-chromium.js";
export { type FrameJudge, frameOfRef, MAX_FRAME_DEPTH, MAX_FRAMES } from "./snapshot/frame-tree.js";
export {
  BROWSER_ACTION_RISK,
  BROWSER_ACTIONS,
  type BrowserAction,
  type BrowserArgs,
  BrowserParams,
  type BrowserRisk,
} from "./tool/browser-params.js";
