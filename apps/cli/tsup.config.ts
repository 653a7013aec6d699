import { defineConfig } from "tsup";

// One entry; every command module is reached through a dynamic import(), which esbuild splits
// into its own chunk, so `claw --help` loads dist/main.js and nothing else.
export default defineConfig({
  entry: ["src/main.ts"],
  format: ["esm"],
  target: "node20",
  splitting: true,
  dts: true,
  clean: true,
  sourcemap: true,
});
