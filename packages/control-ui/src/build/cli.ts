/** `pnpm build` of @claw/control-ui: the browser app into dist/app. */
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { buildControlUi } from "./build-app.js";

const outDir = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "dist", "app");
const report = await buildControlUi({ outDir });
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
console.log(`control UI: ${kb(report.jsGzipBytes)} JS, ${kb(report.cssGzipBytes)} CSS (gzip) → ${outDir}`);
