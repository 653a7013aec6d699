/**
 * Whether and from where the gateway serves the Control UI: `gateway.controlUi` of the config,
 * the built app of @claw/control-ui (or a directory given by the caller), and a log line that
 * says what to do when it was never built.
 */
import type { ClawConfig } from "@claw/config";
import { controlUiAssetsDir, isControlUiBuilt } from "@claw/control-ui";
import type { StaticSiteOptions } from "@claw/gateway";

export function controlUiSite(
  config: ClawConfig,
  root: string | undefined,
  log: (message: string, fields: Record<string, unknown>) => void,
): StaticSiteOptions | undefined {
  const settings = config.gateway.controlUi;
  if (!settings.enabled) return undefined;
  const dir = root ?? controlUiAssetsDir();
  if (!isControlUiBuilt(dir)) {
    log(
      "control UI not served: it is not built (run `pnpm build` in the repository, or install @claw/control-ui)",
      {
        dir,
      },
    );
    return undefined;
  }
  return { root: dir, basePath: settings.basePath };
}
