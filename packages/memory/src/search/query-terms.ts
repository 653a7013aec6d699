/** Splits a search query into keyword terms; shared by every backend's full-text search. */
import { CJK_PATTERN } from "../chunking/tokens.js";

/** Words too common to rank on (English); dropped unless the query holds nothing else. */
export const STOPWORDS: ReadonlySet<string> = new Set(
  "a an and are as at be but by did do does for from had has have how i in is it its me my of on or our so that the their them then there these they this to us was we were what when where which who why will with you your".split(
    " ",
  ),
);

export interface QueryTerms {
  /** Lower-cased alphanumeric words (non-CJK). */
  words: string[];
  /** Runs of consecutive CJK characters. */
  cjkRuns: string[];
}

const TOKEN = /[\p{L}\p{N}_]+/gu;
const CJK_RUN = new RegExp(`(?:${CJK_PATTERN.source})+`, "gu");

/**
 * @example queryTerms("What DB did we pick? 数据库") // { words: ["db", "pick"], cjkRuns: ["数据库"] }
 */
export function queryTerms(query: string): QueryTerms {
  const cjkRuns = query.match(CJK_RUN) ?? [];
  const rest = query.replace(CJK_RUN, " ");
  const all = [...new Set((rest.match(TOKEN) ?? []).map((w) => w.toLowerCase()))];
  const words = all.filter((w) => !STOPWORDS.has(w));
  return { words: words.length > 0 ? words : all, cjkRuns: [...new Set(cjkRuns)] };
}

/** The overlapping 3-character pieces of a CJK run (the whole run when shorter). */
export function trigramsOf(run: string): string[] {
  const chars = [...run];
  if (chars.length <= 3) return [run];
  const out: string[] = [];
  for (let i = 0; i + 3 <= chars.length; i++) out.push(chars.slice(i, i + 3).join(""));
  return [...new Set(out)];
}

/** Quotes a term for an FTS5 MATCH expression. */
export function ftsQuote(term: string): string {
  return `"${term.replace(/"/g, '""')}"`;
}
