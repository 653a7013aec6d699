import type { ConfigWriteParams } from "@claw/protocol";
import type { MethodHandler } from "./types.js";

export const configGet: MethodHandler<Record<string, never>> = ({ ctx }) => ctx.runtime.config.get();

/** The runtime validates; its report says what was hot-applied and what needs a restart. */
export const configPatch: MethodHandler<ConfigWriteParams> = async ({ ctx, params }) => {
  const result = await ctx.runtime.config.patch(params.raw, params.baseHash);
  ctx.logger.info("gateway: config patched", {
    changed: result.changedPaths,
    restartRequired: result.restartRequired,
  });
  return result;
};

export const configApply: MethodHandler<ConfigWriteParams> = async ({ ctx, params }) => {
  const result = await ctx.runtime.config.apply(params.raw, params.baseHash);
  ctx.logger.info("gateway: config applied", {
    changed: result.changedPaths,
    restartRequired: result.restartRequired,
  });
  return result;
};
