/**
 * A page as text for a model: the in-page walk (`collectSnapshot`) rendered as an indented list,
 * cut to a token budget with a note that says what was left out and how to see it.
 */
import type { ElementHandle, Page } from "playwright-core";
import {
  type CollectArgs,
  type CollectedLine,
  type CollectedSnapshot,
  collectSnapshot,
  elementForRef,
  REFS_KEY,
} from "./collect-in-page.js";

/** Default snapshot budget in tokens. */
export const DEFAULT_SNAPSHOT_TOKENS = 3_000;

export interface SnapshotOptions {
  /** Token budget (about four characters per token). */
  maxTokens?: number;
  /** Only this container's content (a ref from an earlier snapshot). */
  ref?: string;
  /** Only controls and headings. */
  interactiveOnly?: boolean;
}

export interface PageSnapshot {
  url: string;
  title: string;
  /** The rendered lines, cut to the budget. */
  text: string;
  /** Estimated tokens of `text`. */
  tokens: number;
  /** Lines left out by the budget (0 when whole). */
  omittedLines: number;
  /** How many refs the whole snapshot holds (shown or not). */
  refCount: number;
}

/** Rough tokens of a text: four characters each, as the prompt's `/context` estimate counts. */
export const approximateTokens = (text: string): number => Math.ceil(text.length / 4);

/**
 * @example
 * const snap = await snapshotPage(page, { maxTokens: 2000 });
 * snap.text; // '- heading "Sign in" [level=1]\n- textbox "Email" [ref=e1]\n- button "Continue" [ref=e2]'
 */
export async function snapshotPage(page: Page, options: SnapshotOptions = {}): Promise<PageSnapshot> {
  const args: CollectArgs = {
    key: REFS_KEY,
    rootRef: options.ref,
    interactiveOnly: options.interactiveOnly ?? false,
  };
  const collected = (await page.evaluate(inPage(collectSnapshot, args))) as CollectedSnapshot;
  if (collected.missingRoot) throw new StaleRefError(options.ref ?? "");
  const rendered = renderWithinBudget(collected.lines, options.maxTokens ?? DEFAULT_SNAPSHOT_TOKENS);
  return { url: page.url(), title: await page.title(), ...rendered };
}

/** Renders lines until the budget is spent; the last line says what is missing. */
export function renderWithinBudget(
  lines: readonly CollectedLine[],
  maxTokens: number,
): Pick<PageSnapshot, "text" | "tokens" | "omittedLines" | "refCount"> {
  const out: string[] = [];
  // Room for the closing note, so the whole text stays inside the budget.
  const budget = Math.max(0, maxTokens - 60);
  let used = 0;
  let shown = 0;
  for (const line of lines) {
    const text = `${"  ".repeat(line.depth)}- ${line.text}`;
    const cost = approximateTokens(text) + 1;
    if (used + cost > budget) break;
    out.push(text);
    used += cost;
    shown++;
  }
  const refCount = lines.filter((l) => l.ref).length;
  const omitted = lines.length - shown;
  if (omitted > 0) {
    const hiddenRefs = lines.slice(shown).filter((l) => l.ref).length;
    out.push(
      `[snapshot cut at ~${maxTokens} tokens: ${omitted} more lines (${hiddenRefs} with refs) not shown; pass ref=<a container's ref> to see one part, interactiveOnly=true for controls only, or a larger maxTokens]`,
    );
  }
  if (lines.length === 0) out.push("[the page shows no visible content]");
  const text = out.join("\n");
  return { text, tokens: approximateTokens(text), omittedLines: omitted, refCount };
}

export class StaleRefError extends Error {
  override name = "StaleRefError";
  constructor(readonly ref: string) {
    super(
      `ref ${ref} is not on the page any more (the page navigated or changed, or the ref never existed); take a new snapshot and use a ref from it.`,
    );
  }
}

/**
 * The live element a ref names, or a `StaleRefError`.
 *
 * @example
 * await (await resolveRef(page, "e3")).click();
 */
export async function resolveRef(page: Page, ref: string): Promise<ElementHandle> {
  const handle = await page.evaluateHandle(inPage(elementForRef, [REFS_KEY, ref]));
  const element = handle.asElement();
  if (!element) {
    await handle.dispose();
    throw new StaleRefError(ref);
  }
  return element;
}

/**
 * An in-page call as expression text. Transpilers that keep function names (tsx, esbuild's
 * keepNames) insert `__name(...)` calls into function bodies; the page has no such helper, so the
 * expression brings a do-nothing one.
 */
function inPage<A>(fn: (arg: A) => unknown, arg: A): string {
  return `(() => { const __name = (f) => f; return (${fn.toString()})(${JSON.stringify(arg)}); })()`;
}
