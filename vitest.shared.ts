import { defineConfig } from "vitest/config";

/**
 * The per-package vitest config. Tests import sibling packages from their `src/` through the
 * `@claw/source` export condition, so no build is needed before testing. `typecheck: true` also
 * runs the package's type tests (`*.test-d.ts` under test/: `expectTypeOf` and `@ts-expect-error`)
 * through tsc.
 */
export function packageTestConfig(name: string, options: { typecheck?: boolean } = {}) {
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
      ...(options.typecheck
        ? { typecheck: { enabled: true, include: ["test/**/*.test-d.ts"], tsconfig: "./tsconfig.json" } }
        : {}),
    },
  });
}
