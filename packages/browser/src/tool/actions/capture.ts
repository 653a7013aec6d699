/**
 * Looking at the page: `snapshot` (text with refs), `screenshot` (an image for models that read
 * images, a workspace file otherwise) and `pdf` (a workspace file).
 */
import { mkdir, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import { resolveRef, snapshotPage } from "../../snapshot/page-snapshot.js";
import { type ActionHandler, type BrowserSession, ownResult, pageResult } from "../session.js";

export const snapshot: ActionHandler = async (args, session) => {
  const page = await session.browser.activeTab();
  const snap = await snapshotPage(page, {
    maxTokens: args.maxTokens,
    ref: args.ref,
    interactiveOnly: args.interactiveOnly,
    judgeFrame: (url) => session.browser.judge(url),
  });
  const tab = session.browser.tabId(page);
  const heading = `Tab ${tab}: ${snap.title || "(no title)"} — ${snap.url}`;
  return pageResult(`${heading}\n${snap.text}`, snap.url, {
    tab,
    url: snap.url,
    tokens: snap.tokens,
    refCount: snap.refCount,
    omittedLines: snap.omittedLines,
  });
};

export const screenshot: ActionHandler = async (args, session) => {
  const page = await session.browser.activeTab();
  const png = args.ref
    ? await (await resolveRef(page, args.ref)).screenshot({ type: "png" })
    : await page.screenshot({ type: "png", fullPage: args.fullPage ?? false });
  const what = args.ref
    ? `element ${args.ref}`
    : args.fullPage
      ? "the whole page"
      : "the visible part of the page";
  if (session.workspaceReadOnly && (args.path || !session.acceptsImages))
    throw new Error(
      `screenshot cannot be saved: ${session.workspaceReadOnly}. ${session.acceptsImages ? "Leave out path to get the image back instead." : "Use snapshot for the page's text."}`,
    );
  const saved =
    args.path || !session.acceptsImages
      ? await saveInWorkspace(session, args.path ?? `browser/screenshot-${stamp()}.png`, png)
      : undefined;
  const savedNote = saved ? ` Saved to ${saved}.` : "";
  if (!session.acceptsImages)
    return ownResult(
      `Screenshot of ${what} at ${page.url()} (${png.byteLength} bytes).${savedNote} This model does not read images; use snapshot for the page's text.`,
      { path: saved, bytes: png.byteLength },
    );
  return {
    content: [
      { type: "text", text: `Screenshot of ${what} at ${page.url()} (untrusted page content).${savedNote}` },
      { type: "image", data: png.toString("base64"), mimeType: "image/png" },
    ],
    details: { path: saved, bytes: png.byteLength },
  };
};

export const pdf: ActionHandler = async (args, session) => {
  const page = await session.browser.activeTab();
  if (!session.browser.options.headless)
    throw new Error("pdf works only in a headless browser; set tools.browser.headless to true.");
  if (session.workspaceReadOnly) throw new Error(`pdf cannot be saved: ${session.workspaceReadOnly}.`);
  const bytes = await page.pdf({ printBackground: true });
  const saved = await saveInWorkspace(session, args.path ?? `browser/page-${stamp()}.pdf`, bytes);
  return ownResult(`Saved ${page.url()} as PDF to ${saved} (${bytes.byteLength} bytes).`, {
    path: saved,
    bytes: bytes.byteLength,
  });
};

/** Writes into the workspace (path checked) and returns the path as the model should name it. */
async function saveInWorkspace(session: BrowserSession, path: string, bytes: Buffer): Promise<string> {
  const absolute = await session.workspace.resolve(path);
  await mkdir(dirname(absolute), { recursive: true });
  await writeFile(absolute, bytes);
  return session.workspace.display(absolute);
}

/** A file-name-safe timestamp. */
const stamp = () => new Date().toISOString().replace(/[:.]/g, "-");
