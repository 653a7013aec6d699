import { defineConfig } from "vitest/config";

/**
 * The per-package vitest config. Tests import sibling packages from their `src/` through the
 * `@claw/source` export condition, so no build is needed before testing.
 */
export function packageTestConfig(name: string) {
  return defineConfig({
    resolve: { conditions: ["@claw/source"] },
    ssr: { resolve: { conditions: ["@claw/source"] } },
    test: {
      name,
      include: ["src/**/*.test.ts", "test/**/*.test.ts"],
      environment: "node",
      testTimeout: 20_000,
      hookTimeout: 20_000,
      pool: "forks",
    },
  });
}
