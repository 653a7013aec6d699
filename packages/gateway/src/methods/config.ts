import type { MethodHandler } from "./types.js";

export const configGet: MethodHandler<"config.get"> = ({ ctx }) => ctx.ports.config.get();

/** The config port validates; its report says what was hot-applied and what needs a restart. */
export const configPatch: MethodHandler<"config.patch"> = async ({ ctx, params }) => {
  const result = await ctx.ports.config.patch(params.raw, params.baseHash);
  ctx.logger.info("gateway: config patched", {
    changed: result.changedPaths,
    restartRequired: result.restartRequired,
  });
  return result;
};

export const configApply: MethodHandler<"config.apply"> = async ({ ctx, params }) => {
  const result = await ctx.ports.config.apply(params.raw, params.baseHash);
  ctx.logger.info("gateway: config applied", {
    changed: result.changedPaths,
    restartRequired: result.restartRequired,
  });
  return result;
};
