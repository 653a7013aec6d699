/**
 * @claw/control-ui — the Claw Control UI: a static web app (chat, sessions, approvals, config,
 * status) that the gateway serves on its own port and that speaks the gateway protocol through
 * `@claw/client/browser`.
 *
 * @example
 * import { controlUiAssetsDir } from "@claw/control-ui";
 * import { startGateway } from "@claw/gateway";
 * await startGateway({ ports, auth, stateDbPath, controlUi: { root: controlUiAssetsDir() } });
 */
import { existsSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

// Commonly used: where the built app is.
/**
 * The directory holding the built app (index.html, assets/), as published in this package.
 *
 * @example
 * controlUiAssetsDir(); // "/…/node_modules/@claw/control-ui/dist/app"
 */
export function controlUiAssetsDir(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  // dist/index.js sits next to dist/app; src/index.ts (tests, source condition) one level over.
  return basename(here) === "dist" ? join(here, "app") : join(here, "..", "dist", "app");
}

/** True when the app was built (`pnpm build` of @claw/control-ui); the gateway serves it then. */
export function isControlUiBuilt(dir = controlUiAssetsDir()): boolean {
  return existsSync(join(dir, "index.html"));
}
