/**
 * Catalog rows for tools this build does not implement, registered the way a plugin would
 * (`extraTools`), so the owner-only and capability rules keep their test cases.
 */
import type { ToolCatalogEntry } from "./catalog.js";

export const PLUGIN_TOOLS: readonly ToolCatalogEntry[] = [
  { id: "gateway", summary: "Inspect the gateway", group: "automation", risk: "high", ownerOnly: true },
  { id: "nodes", summary: "Control paired nodes", group: "nodes", risk: "high", ownerOnly: true },
  { id: "canvas", summary: "Present the live canvas", group: "ui", risk: "low", requires: "canvas" },
  { id: "tts", summary: "Text to speech", group: "media", risk: "low", requires: "audio" },
];
