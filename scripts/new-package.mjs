#!/usr/bin/env node
// Scaffolds a workspace package: node scripts/new-package.mjs packages/NAME "one-line description"
import { copyFileSync, existsSync, mkdirSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";

const [dir, description = ""] = process.argv.slice(2);
if (!dir) {
  console.error('usage: node scripts/new-package.mjs packages/NAME|apps/NAME "description"');
  process.exit(2);
}
const short = basename(dir);
const isApp = dir.startsWith("apps/");
const name = isApp ? `@claw/app-${short}` : `@claw/${short}`;
const write = (file, text) => {
  const path = join(dir, file);
  if (existsSync(path)) return;
  mkdirSync(join(path, ".."), { recursive: true });
  writeFileSync(path, text);
};

write(
  "package.json",
  `${JSON.stringify(
    {
      name,
      version: "0.1.0",
      description,
      license: "MIT",
      repository: { type: "git", url: "git+https://github.com/claw/claw.git", directory: dir },
      type: "module",
      ...(isApp ? {} : { sideEffects: false }),
      ...(isApp ? { private: true } : {}),
      engines: { node: ">=20.19" },
      exports: {
        ".": { "@claw/source": "./src/index.ts", types: "./dist/index.d.ts", import: "./dist/index.js" },
      },
      types: "./dist/index.d.ts",
      files: ["dist", "README.md", "LICENSE"],
      scripts: {
        build: "tsup",
        typecheck: "tsc -p tsconfig.json",
        test: "vitest run",
        lint: "biome check .",
      },
      dependencies: {},
      devDependencies: {},
    },
    null,
    2,
  )}\n`,
);
write(
  "tsconfig.json",
  `${JSON.stringify({ extends: "../../tsconfig.base.json", include: ["src", "test", "bench", "examples"] }, null, 2)}\n`,
);
write(
  "tsup.config.ts",
  `import { defineConfig } from "tsup";

export default defineConfig({
  entry: ["src/index.ts"],
  format: ["esm"],
  target: "node20",
  dts: true,
  clean: true,
  sourcemap: true,
});
`,
);
write(
  "vitest.config.ts",
  `import { packageTestConfig } from "../../vitest.shared.js";

export default packageTestConfig("${name}");
`,
);
write(
  "README.md",
  `# ${name}\n\n${description}\n\nESM only (import, not require); Node.js 20.19 or newer.\n`,
);
// Every tarball ships the license (npm does not copy the repository root's).
if (!existsSync(join(dir, "LICENSE"))) copyFileSync("LICENSE", join(dir, "LICENSE"));
console.log(`created ${dir} (${name})`);
