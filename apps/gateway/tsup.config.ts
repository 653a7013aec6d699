import { defineConfig } from "tsup";

export default defineConfig({
  entry: {
    index: "src/index.ts",
    main: "src/main.ts",
    paths: "src/paths.ts",
    "assemble/memory": "src/assemble/memory.ts",
  },
  format: ["esm"],
  target: "node20",
  dts: {
    entry: { index: "src/index.ts", paths: "src/paths.ts", "assemble/memory": "src/assemble/memory.ts" },
  },
  clean: true,
  sourcemap: true,
});
