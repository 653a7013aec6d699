/**
 * Keyword search over FTS5: words through the `unicode61` table, CJK through the `trigram`
 * table (filled only for chunks holding CJK text). CJK runs shorter than a trigram fall back to
 * LIKE. Each part is normalised to its own best hit, then parts are summed per chunk.
 */
import { mergeKeywordParts, normalisedPart } from "../../search/keyword-parts.js";
import { ftsQuote, queryTerms, trigramsOf } from "../../search/query-terms.js";
import type { ScoredId } from "../types.js";
import type { Db } from "./schema.js";

function match(db: Db, table: string, expression: string, k: number): Array<{ id: number; score: number }> {
  // bm25() is negative; lower is better
  return db
    .prepare(
      `SELECT rowid AS id, -bm25(${table}) AS score FROM ${table} WHERE ${table} MATCH ? ORDER BY bm25(${table}) LIMIT ?`,
    )
    .all(expression, k) as Array<{ id: number; score: number }>;
}

/** Runs one keyword query; returns up to `k` ids, best first. */
export function searchKeywordSqlite(db: Db, query: string, k: number): ScoredId[] {
  const { words, cjkRuns } = queryTerms(query);
  const parts: Array<Map<number, number>> = [];
  if (words.length > 0)
    parts.push(normalisedPart(match(db, "chunks_fts", words.map(ftsQuote).join(" OR "), k)));
  const long = cjkRuns.filter((r) => [...r].length >= 3);
  const short = cjkRuns.filter((r) => [...r].length < 3);
  if (long.length > 0) {
    const grams = [...new Set(long.flatMap(trigramsOf)), ...words.filter((w) => w.length >= 3)];
    parts.push(normalisedPart(match(db, "chunks_fts_cjk", grams.map(ftsQuote).join(" OR "), k)));
  }
  if (short.length > 0) {
    const score = short.map(() => "(instr(text, ?) > 0)").join(" + ");
    const where = short.map(() => "instr(text, ?) > 0").join(" OR ");
    const rows = db
      .prepare(`SELECT id, ${score} AS score FROM chunks WHERE ${where} ORDER BY score DESC, id LIMIT ?`)
      .all(...short, ...short, k) as Array<{ id: number; score: number }>;
    parts.push(normalisedPart(rows));
  }
  return mergeKeywordParts(parts, k);
}
