/**
 * `memory_search` and `memory_get` as tools of the shared contract (`AgentTool`, from
 * `@claw/providers`), so an agent takes them as they are: memory is L2 and never imports the agent loop.
 */
import { type AgentTool, errorResult, textResult } from "@claw/providers";
import { type Static, type TSchema, Type } from "typebox";
import type { MemoryIndex } from "../memory-index.js";

/** A memory tool: the shared tool contract, its arguments typed from memory's TypeBox parameters. */
export type MemoryTool<TParameters extends TSchema = TSchema> = AgentTool<TParameters, Static<TParameters>>;

export const MemorySearchParams = Type.Object({
  query: Type.String({ description: "What to recall, in natural language or keywords", minLength: 1 }),
  maxResults: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, description: "Default 6" })),
  minScore: Type.Optional(Type.Number({ minimum: 0, maximum: 1, description: "Default 0.35" })),
});

export const MemoryGetParams = Type.Object({
  path: Type.String({ description: "Path from a memory_search result, e.g. memory/2026-01-16.md" }),
  from: Type.Optional(Type.Integer({ minimum: 1, description: "First line (1-based)" })),
  lines: Type.Optional(Type.Integer({ minimum: 1, description: "Number of lines" })),
});

/**
 * Builds the two memory tools over an open index.
 * @example const tools = createMemoryTools(await openMemoryIndex({ workspaceDir, dbPath }));
 */
/** The names `createMemoryTools` returns. */
export const MEMORY_TOOL_NAMES = ["memory_search", "memory_get"] as const;

export function createMemoryTools(
  index: MemoryIndex,
): [MemoryTool<typeof MemorySearchParams>, MemoryTool<typeof MemoryGetParams>] {
  const search: MemoryTool<typeof MemorySearchParams> = {
    name: "memory_search",
    label: "Search memory",
    description:
      "Mandatory recall step: search MEMORY.md + memory/*.md before answering questions about prior work, decisions, dates, people, preferences, or todos. Returns snippets with path and line range; use memory_get to read more.",
    parameters: MemorySearchParams,
    async execute(args, context) {
      const response = await index.search(args.query, {
        maxResults: args.maxResults,
        minScore: args.minScore,
        signal: context.signal,
      });
      const lines = response.results.map(
        (r) => `${r.path}:${r.startLine}-${r.endLine} (score: ${r.score.toFixed(2)})\n${r.snippet}`,
      );
      const header = response.notice ? `Note: ${response.notice}\n\n` : "";
      const body = lines.length > 0 ? lines.join("\n\n---\n\n") : `No memory matched "${args.query}".`;
      return textResult(header + body, response);
    },
  };
  const get: MemoryTool<typeof MemoryGetParams> = {
    name: "memory_get",
    label: "Read memory",
    description:
      "Safe snippet read from MEMORY.md and memory/*.md with optional from/lines; use after memory_search to pull only the needed lines.",
    parameters: MemoryGetParams,
    async execute(args) {
      try {
        const read = index.readFile(args.path, args.from, args.lines);
        return textResult(read.text, read);
      } catch (error) {
        return errorResult(error instanceof Error ? error.message : String(error));
      }
    },
  };
  return [search, get];
}
