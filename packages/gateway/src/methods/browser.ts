/** `browser.*` methods: thin calls into the browser port (the app's @claw/browser manager). */
import type { MethodParams, MethodResult } from "@claw/protocol";
import { RuntimeError } from "../runtime.js";
import type { MethodCall, MethodHandler } from "./types.js";

/**
 * The managed browsers, as the gateway sees them. Methods answer UNAVAILABLE without it (the
 * browser tool is off in the config).
 */
export interface BrowserPort {
  status(): Promise<MethodResult<"browser.status">>;
  start(params: MethodParams<"browser.start">): Promise<MethodResult<"browser.start">>;
  stop(params: MethodParams<"browser.stop">): Promise<MethodResult<"browser.stop">>;
  profiles(): Promise<MethodResult<"browser.profiles">>;
}

function browserPort({ ctx }: MethodCall<unknown>): BrowserPort {
  if (!ctx.ports.browser)
    throw new RuntimeError(
      "UNAVAILABLE",
      "browser: the browser tool is off on this gateway (tools.browser.enabled is false)",
    );
  return ctx.ports.browser;
}

export const browserStatus: MethodHandler<"browser.status"> = (call) => browserPort(call).status();
export const browserStart: MethodHandler<"browser.start"> = (call) => browserPort(call).start(call.params);
export const browserStop: MethodHandler<"browser.stop"> = (call) => browserPort(call).stop(call.params);
export const browserProfiles: MethodHandler<"browser.profiles"> = (call) => browserPort(call).profiles();
