/**
 * A page as text for a model: the in-page walk (`collectSnapshot`, in the page and its frames)
 * rendered as an indented list, cut to a token budget with a note that says what was left out and
 * how to see it.
 */
import type { Page } from "playwright-core";
import { type CollectedLine, REFS_KEY } from "./collect-in-page.js";
import { collectFrameTree, type FrameJudge, frameOfRef, StaleRefError } from "./frame-tree.js";

export { resolveRef, StaleRefError } from "./frame-tree.js";

/** Default snapshot budget in tokens. */
export const DEFAULT_SNAPSHOT_TOKENS = 3_000;

export interface SnapshotOptions {
  /** Token budget (about four characters per token). */
  maxTokens?: number;
  /** Only this container's content (a ref from an earlier snapshot). */
  ref?: string;
  /** Only controls and headings. */
  interactiveOnly?: boolean;
  /** Why a frame's URL may not be read (the address guard); without it every frame is read. */
  judgeFrame?: FrameJudge;
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
  // A container inside a frame (`e5.e2`): walk from that frame, keeping the path on its refs.
  const start = options.ref ? await frameOfRef(page, options.ref) : { frame: page.mainFrame() };
  const prefix = options.ref?.includes(".") ? options.ref.slice(0, options.ref.lastIndexOf(".") + 1) : "";
  const collected = await collectFrameTree(
    start.frame,
    {
      key: REFS_KEY,
      ...("local" in start ? { rootRef: start.local } : {}),
      interactiveOnly: options.interactiveOnly ?? false,
      ...(prefix ? { refPrefix: prefix } : {}),
    },
    { framesRead: 0, ...(options.judgeFrame ? { judge: options.judgeFrame } : {}) },
  );
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
