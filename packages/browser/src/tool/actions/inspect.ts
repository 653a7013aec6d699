/** `console` and `network` summaries from the activity log, and `evaluate` when policy allows it. */
import { truncateMiddle } from "@claw/tools";
import { required } from "../browser-params.js";
import { type ActionHandler, pageResult } from "../session.js";

const SHOWN = 40;
const EVALUATE_RESULT_CHARS = 8_000;

export const consoleSummary: ActionHandler = async (_args, session) => {
  const entries = session.browser.activity.recentConsole(SHOWN);
  const lines = entries.map((e) => `[${e.tab}] ${e.type}: ${e.text}`);
  const errors = entries.filter((e) => e.type === "error" || e.type === "pageerror").length;
  const text =
    entries.length === 0
      ? "No console messages yet."
      : `Last ${entries.length} console messages (${errors} errors):\n${lines.join("\n")}`;
  return pageResult(text, "browser console", { entries });
};

export const networkSummary: ActionHandler = async (_args, session) => {
  const entries = session.browser.activity.recentNetwork(SHOWN);
  const downloads = session.browser.activity.recentDownloads(10);
  const lines = entries.map(
    (e) =>
      `[${e.tab}] ${e.method} ${e.url} ${e.resourceType} ${e.blocked ? `BLOCKED: ${e.failure}` : e.failure ? `FAILED: ${e.failure}` : (e.status ?? "")}`,
  );
  const blocked = entries.filter((e) => e.blocked).length;
  const failed = entries.filter((e) => e.failure && !e.blocked).length;
  const downloadLines = downloads.map(
    (d) =>
      `download ${d.url}: ${d.savedAs ? `saved to ${d.savedAs} (${d.bytes} bytes)` : `not saved: ${d.refused}`}`,
  );
  const text =
    entries.length === 0 && downloads.length === 0
      ? "No requests yet."
      : `Last ${entries.length} requests (${failed} failed, ${blocked} blocked by the address guard):\n${[...lines, ...downloadLines].join("\n")}`;
  return pageResult(text, "browser network log", { entries, downloads });
};

export const evaluate: ActionHandler = async (args, session) => {
  if (!session.allowEvaluate)
    throw new Error(
      "evaluate is switched off by policy (tools.browser.evaluate is false); use snapshot and the ref actions instead.",
    );
  const page = await session.browser.activeTab();
  const expression = required(args, "expression");
  const value: unknown = await page.evaluate(expression);
  const json = value === undefined ? "undefined" : (JSON.stringify(value, null, 2) ?? String(value));
  const out = truncateMiddle(json, { max: EVALUATE_RESULT_CHARS, headRatio: 0.8 });
  return pageResult(out.text, page.url(), { url: page.url() });
};
