import { defineConfig } from "tsup";

// The Node side only: where the built app lives. The app itself is bundled for browsers by
// src/build/build-app.ts (esbuild; a source-only entry for the build, tests and benches).
export default defineConfig({
  entry: ["src/index.ts"],
  format: ["esm"],
  target: "node20",
  dts: true,
  clean: true,
  sourcemap: true,
});
