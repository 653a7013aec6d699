/**
 * Snapshots across frames: the in-page walk runs in each frame (same-origin or not: Playwright
 * reaches every frame, out-of-process ones included), and each frame's lines are spliced in under
 * its iframe's line. A ref inside a frame is a path: `e5.e2` is element e2 of the document in the
 * iframe whose ref is e5, so actions find the element again from the page down. A frame whose URL
 * the address guard refuses is shown as blocked and never read.
 */
import type { ElementHandle, Frame, Page } from "playwright-core";
import {
  type CollectArgs,
  type CollectedLine,
  type CollectedSnapshot,
  collectSnapshot,
  elementForRef,
  REFS_KEY,
} from "./collect-in-page.js";

/** Frames read per snapshot at most (a page of ad frames must not cost a second each). */
export const MAX_FRAMES = 20;
/** How deep frames nest before their content is left out. */
export const MAX_FRAME_DEPTH = 4;

/** Why a frame's URL may not be read, or undefined (the browser's address guard). */
export type FrameJudge = (url: URL) => Promise<string | undefined>;

export interface FrameWalk {
  judge?: FrameJudge;
  /** Frames read so far in this snapshot (shared across the whole tree). */
  framesRead: number;
}

/** A ref that names no live element (the page changed, or the ref never existed). */
export class StaleRefError extends Error {
  override name = "StaleRefError";
  constructor(readonly ref: string) {
    super(
      `ref ${ref} is not on the page any more (the page navigated or changed, or the ref never existed); take a new snapshot and use a ref from it.`,
    );
  }
}

/**
 * The lines of `frame` and, under each iframe line, the lines of that iframe's document.
 *
 * @example
 * const lines = await collectFrameTree(page.mainFrame(), { key: REFS_KEY, interactiveOnly: false }, { framesRead: 0 });
 */
export async function collectFrameTree(
  frame: Frame,
  args: CollectArgs,
  walk: FrameWalk,
  nesting = 0,
): Promise<CollectedSnapshot> {
  const collected = (await frame.evaluate(inPage(collectSnapshot, args))) as CollectedSnapshot;
  if (collected.missingRoot) return collected;
  const lines: CollectedLine[] = [];
  for (const line of collected.lines) {
    const { frame: local, ...shown } = line;
    lines.push(shown);
    if (local === undefined) continue;
    const inner = await readChildFrame(frame, local, line, args, walk, nesting + 1);
    lines.push(...inner);
  }
  return { lines, missingRoot: false };
}

async function readChildFrame(
  parent: Frame,
  local: string,
  line: CollectedLine,
  args: CollectArgs,
  walk: FrameWalk,
  nesting: number,
): Promise<CollectedLine[]> {
  const depth = line.depth + 1;
  const note = (text: string): CollectedLine[] => [{ depth, text }];
  if (nesting > MAX_FRAME_DEPTH)
    return note(`[frame content not read: nested deeper than ${MAX_FRAME_DEPTH}]`);
  if (walk.framesRead >= MAX_FRAMES)
    return note(`[frame content not read: a snapshot reads at most ${MAX_FRAMES} frames]`);
  const child = await childFrameOf(parent, local);
  if (!child) return note("[frame not loaded]");
  const url = child.url();
  const refused = await judgeFrameUrl(url, walk.judge);
  if (refused) return note(`[frame blocked by the address guard, not read: ${url} (${refused})]`);
  walk.framesRead++;
  try {
    const inner = await collectFrameTree(
      child,
      { key: args.key, interactiveOnly: args.interactiveOnly, refPrefix: `${line.ref ?? local}.` },
      walk,
      nesting,
    );
    return inner.lines.map((l) => ({ ...l, depth: l.depth + depth }));
  } catch (error) {
    // A frame can navigate or detach between listing and reading; the rest of the page still counts.
    return note(`[frame content not read: ${error instanceof Error ? error.message.split("\n")[0] : error}]`);
  }
}

/** Only http(s) frames reach the network; about:blank, srcdoc and data: frames are the parent's own content. */
async function judgeFrameUrl(url: string, judge: FrameJudge | undefined): Promise<string | undefined> {
  if (!judge || !/^https?:/i.test(url)) return undefined;
  try {
    return await judge(new URL(url));
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

async function childFrameOf(parent: Frame, local: string): Promise<Frame | undefined> {
  const element = await elementIn(parent, local);
  if (!element) return undefined;
  try {
    return (await element.contentFrame()) ?? undefined;
  } finally {
    await element.dispose();
  }
}

async function elementIn(frame: Frame, local: string): Promise<ElementHandle | undefined> {
  const handle = await frame.evaluateHandle(inPage(elementForRef, [REFS_KEY, local]));
  const element = handle.asElement();
  if (!element) await handle.dispose();
  return element ?? undefined;
}

/**
 * The frame a ref lives in and its ref there: `e5.e2` → (the frame of iframe e5, "e2").
 *
 * @example
 * const { frame, local } = await frameOfRef(page, "e5.e2");
 */
export async function frameOfRef(page: Page, ref: string): Promise<{ frame: Frame; local: string }> {
  const path = ref.split(".");
  let frame = page.mainFrame();
  for (const step of path.slice(0, -1)) {
    const child = await childFrameOf(frame, step);
    if (!child) throw new StaleRefError(ref);
    frame = child;
  }
  return { frame, local: path[path.length - 1] ?? ref };
}

/**
 * The live element a ref names (in the page or inside its frames), or a `StaleRefError`.
 *
 * @example
 * await (await resolveRef(page, "e5.e2")).click();
 */
export async function resolveRef(page: Page, ref: string): Promise<ElementHandle> {
  const { frame, local } = await frameOfRef(page, ref);
  const element = await elementIn(frame, local);
  if (!element) throw new StaleRefError(ref);
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
