/** `tools.browser`: the managed Chromium behind the `browser` tool (@claw/browser). */
import Type from "typebox";
import { section } from "./primitives.js";

export const BrowserToolConfig = section({
  enabled: Type.Boolean({ default: true, description: "Offer the browser tool." }),
  headless: Type.Boolean({ default: true, description: "Run Chromium without a window." }),
  executablePath: Type.Optional(
    Type.String({
      description: "The Chromium to launch (default: chromium on PATH, Debian package `chromium`).",
    }),
  ),
  idleMinutes: Type.Number({
    minimum: 0,
    default: 5,
    description: "Close a profile's browser after this many idle minutes (0 = keep it open).",
  }),
  evaluate: Type.Boolean({
    default: false,
    description: "Allow the evaluate action (runs model-written JavaScript in the page).",
  }),
  ask: Type.Enum(["off", "high", "always"], {
    default: "off",
    description:
      "When a person approves browser actions: off; high (upload and evaluate); always (every action that is not read-only).",
  }),
  maxDownloadMb: Type.Number({
    minimum: 0,
    default: 50,
    description: "Downloads larger than this are deleted instead of saved to the workspace's downloads/.",
  }),
});
