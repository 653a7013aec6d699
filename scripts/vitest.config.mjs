import { defineConfig } from "vitest/config";

/** The repository scripts' own tests (the outside-path check). */
export default defineConfig({
  test: { name: "scripts", include: ["*.test.mjs"], environment: "node" },
});
