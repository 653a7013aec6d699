import { readFileSync } from "node:fs";
import { defineConfig } from "tsup";

const { version } = JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8")) as {
  version: string;
};

// One entry; every command module is reached through a dynamic import(), which esbuild splits
// into its own chunk, so `claw --help` loads dist/main.js and nothing else of weight. The
// version is inlined so `--version` reads no file.
export default defineConfig({
  entry: ["src/main.ts"],
  format: ["esm"],
  target: "node20",
  splitting: true,
  dts: true,
  clean: true,
  sourcemap: true,
  define: { __CLAW_CLI_VERSION__: JSON.stringify(version) },
  // The config and client stacks (TypeBox is hundreds of small modules) are bundled into chunks:
  // module resolution, not code, dominated `claw status --json` (anchors §3 item 14).
  noExternal: ["@claw/config", "@claw/client", "@claw/protocol", "typebox", "json5", "ws"],
  external: ["bufferutil", "utf-8-validate"],
  // ws is CommonJS and requires node builtins; give the ESM bundle a real `require`.
  banner: {
    js: 'import { createRequire as __clawCreateRequire } from "node:module"; const require = __clawCreateRequire(import.meta.url);',
  },
});
