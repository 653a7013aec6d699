/**
 * Bundles the Control UI for browsers: one ESM script and one stylesheet with content-hashed
 * names, index.html pointing at them, the config JSON Schema (exported from @claw/config's
 * TypeBox source), and a precompressed `.gz` of each text file. Fails when a Node-only import
 * reaches the browser bundle or the script grows past its budget.
 */
import { mkdir, rm, writeFile } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

/** The page's JavaScript budget (gzip), from the issue: ≤ 150 KB. */
export const JS_GZIP_BUDGET_BYTES = 150 * 1024;

export interface BuildControlUiOptions {
  /** Written afresh (emptied first). */
  outDir: string;
  /** Default true. */
  minify?: boolean;
}

export interface BuiltFile {
  /** Site path, e.g. `/assets/app-3F2A9C1B.js`. */
  path: string;
  bytes: number;
  gzipBytes: number;
}

export interface BuildReport {
  outDir: string;
  files: BuiltFile[];
  jsGzipBytes: number;
  cssGzipBytes: number;
}

const appDir = join(dirname(fileURLToPath(import.meta.url)), "..", "app");

function indexHtml(script: string, style: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>Claw Control</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="./assets/${style}">
<script type="module" src="./assets/${script}"></script>
</head>
<body>
<div id="app"><p class="boot">Loading Claw Control…</p></div>
<noscript>The Claw Control UI needs JavaScript.</noscript>
</body>
</html>
`;
}

/**
 * @example
 * const report = await buildControlUi({ outDir: "dist/app" });
 * console.log(`${report.jsGzipBytes} bytes of JS (gzip)`);
 */
export async function buildControlUi(options: BuildControlUiOptions): Promise<BuildReport> {
  const { build } = await import("esbuild");
  const { configJsonSchema } = await import("@claw/config");
  const outDir = options.outDir;
  await rm(outDir, { recursive: true, force: true });
  await mkdir(join(outDir, "assets"), { recursive: true });
  const result = await build({
    entryPoints: [join(appDir, "main.tsx")],
    bundle: true,
    format: "esm",
    platform: "browser",
    // light-dark() colours need these (2024) versions; the Control UI targets current browsers.
    target: ["chrome123", "firefox120", "safari17.5"],
    conditions: ["@claw/source"],
    jsx: "automatic",
    jsxImportSource: "preact",
    minify: options.minify ?? true,
    legalComments: "none",
    entryNames: "app-[hash]",
    outdir: join(outDir, "assets"),
    write: false,
    logLevel: "silent",
    // Modules the browser bundle names but never runs (validators of @claw/protocol) stay out.
    external: ["node:*"],
  });
  const outputs = new Map<string, Uint8Array>();
  for (const file of result.outputFiles) outputs.set(file.path, file.contents);
  const script = [...outputs.keys()].find((p) => p.endsWith(".js"));
  const style = [...outputs.keys()].find((p) => p.endsWith(".css"));
  if (!script || !style) throw new Error("control UI build: esbuild produced no script or stylesheet");
  const js = new TextDecoder().decode(outputs.get(script));
  const nodeImport = /\bfrom\s*["'](node:[^"']+)["']|\bimport\(["'](node:[^"']+)["']\)/.exec(js);
  if (nodeImport)
    throw new Error(`control UI build: the browser bundle imports ${nodeImport[1] ?? nodeImport[2]}`);
  outputs.set(
    join(outDir, "index.html"),
    new TextEncoder().encode(indexHtml(basename(script), basename(style))),
  );
  outputs.set(
    join(outDir, "config.schema.json"),
    new TextEncoder().encode(JSON.stringify(configJsonSchema())),
  );
  const files: BuiltFile[] = [];
  for (const [path, contents] of outputs) {
    const gzip = gzipSync(contents, { level: 9 });
    await writeFile(path, contents);
    await writeFile(`${path}.gz`, gzip);
    files.push({ path: path.slice(outDir.length), bytes: contents.length, gzipBytes: gzip.length });
  }
  const gz = (ext: string) => files.filter((f) => f.path.endsWith(ext)).reduce((n, f) => n + f.gzipBytes, 0);
  const report = { outDir, files, jsGzipBytes: gz(".js"), cssGzipBytes: gz(".css") };
  if (report.jsGzipBytes > JS_GZIP_BUDGET_BYTES)
    throw new Error(
      `control UI build: ${report.jsGzipBytes} bytes of JavaScript (gzip) is over the ${JS_GZIP_BUDGET_BYTES}-byte budget`,
    );
  return report;
}
