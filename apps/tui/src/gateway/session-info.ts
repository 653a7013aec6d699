/** Turns `sessions.list` rows, `status` and `models.list` answers into the footer's session info. */
import { findModel } from "@claw/providers";
import type { SessionInfo } from "../state/types.js";

export interface ModelRow {
  id: string;
  provider: string;
  name?: string;
  contextWindow?: number;
  available?: boolean;
}

export interface SessionRowLike {
  key: string;
  agentId?: string;
  model?: string;
  thinkingLevel?: string;
  contextTokens?: number;
  inputTokens?: number;
  outputTokens?: number;
  /** The session's cost as the gateway priced it, call by call, with the model that answered. */
  estimatedCostUsd?: number;
}

/** "provider/id" of a model row (rows list bare ids with their provider). */
export function modelRef(row: ModelRow): string {
  return row.id.includes("/") ? row.id : `${row.provider}/${row.id}`;
}

/**
 * @example
 * sessionInfo(row, { defaultModel: "anthropic/claude-opus-4-6", models });
 * // → { model, thinkingLevel, contextTokens, contextWindow, inputTokens, outputTokens, costUsd }
 */
export function sessionInfo(
  row: SessionRowLike | undefined,
  context: { defaultModel?: string; defaultContextTokens?: number; models: readonly ModelRow[] },
): Partial<SessionInfo> {
  const model = row?.model ?? context.defaultModel;
  const listed = model ? context.models.find((m) => modelRef(m) === model) : undefined;
  const catalog = model ? findModel(model) : undefined;
  const input = row?.inputTokens ?? 0;
  const output = row?.outputTokens ?? 0;
  const cost = catalog?.cost;
  return {
    model,
    thinkingLevel: row?.thinkingLevel,
    contextTokens: row?.contextTokens ?? 0,
    contextWindow: listed?.contextWindow ?? catalog?.contextWindow ?? context.defaultContextTokens,
    inputTokens: input,
    outputTokens: output,
    // Only the gateway knows which model answered each call (a fallback may have); the
    // configured model's price is a guess for gateways that do not report the cost.
    costUsd:
      row?.estimatedCostUsd ?? (cost ? (input * cost.input + output * cost.output) / 1_000_000 : undefined),
  };
}
