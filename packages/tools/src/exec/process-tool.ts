import { type TypedTool, textResult } from "@claw/agent-core";
import { Type } from "typebox";
import { DEFAULT_MAX_OUTPUT_CHARS } from "../shared/options.js";
import { truncateMiddle } from "../shared/truncate.js";
import { killTree, type ProcessRegistry } from "./process-registry.js";

const ProcessParams = Type.Object({
  action: Type.Union([Type.Literal("list"), Type.Literal("poll"), Type.Literal("log"), Type.Literal("kill")]),
  id: Type.Optional(Type.String({ description: "Process id from exec (not needed for list)." })),
});

/** `process`: list, poll (new output + status), read the log of, or kill background processes. */
export function createProcessTool(
  registry: ProcessRegistry,
  options: { maxOutputChars?: number } = {},
): TypedTool<typeof ProcessParams> {
  const max = options.maxOutputChars ?? DEFAULT_MAX_OUTPUT_CHARS;
  return {
    name: "process",
    label: "Background processes",
    description:
      "Manage background commands started by exec: list, poll for new output, read the log, or kill.",
    parameters: ProcessParams,
    async execute({ action, id }) {
      if (action === "list") {
        const all = registry.list();
        if (all.length === 0) return textResult("No background processes.");
        return textResult(
          all
            .map(
              (p) =>
                `${p.id}\t${p.endedAt === undefined ? "running" : `exited ${p.exitCode ?? p.signal}`}\t${p.command}`,
            )
            .join("\n"),
        );
      }
      if (!id) throw new Error(`The "${action}" action needs an id (see action "list").`);
      const managed = registry.get(id);
      if (!managed)
        throw new Error(`No background process "${id}" (it may have finished more than 30 minutes ago).`);
      const status =
        managed.endedAt === undefined
          ? "running"
          : `exited (${managed.signal ?? `code ${managed.exitCode}`})`;
      if (action === "kill") {
        if (managed.endedAt === undefined) {
          killTree(managed.child);
          await managed.exited;
        }
        return textResult(`Process ${id} stopped.`);
      }
      if (action === "log") {
        return textResult(`${truncateMiddle(managed.output.contents(), { max }).text}\n[${status}]`);
      }
      const fresh = managed.output.since(managed.polled);
      managed.polled = fresh.next;
      const lost = fresh.lost > 0 ? `[… ${fresh.lost} characters were dropped before this poll …]\n` : "";
      return textResult(
        `${lost}${truncateMiddle(fresh.text, { max }).text || "(no new output)"}\n[${status}]`,
      );
    },
  };
}
