import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { renderMarkdownReference } from "../src/render/reference.js";
import { DOCS_PATH, spliceReference } from "./docs-file.js";

describe("docs/cli.md", () => {
  it("has the reference generated from the command table (regenerate: pnpm run docs)", () => {
    const text = readFileSync(DOCS_PATH, "utf8");
    expect(text).toBe(spliceReference(text, renderMarkdownReference()));
  });
});
