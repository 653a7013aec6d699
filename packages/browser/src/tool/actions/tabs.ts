/** `tabs`: list the open tabs, switch to one, or close one (by the ids the list shows). */
import { required } from "../browser-params.js";
import { type ActionHandler, ownResult, pageResult } from "../session.js";

export const tabs: ActionHandler = async (args, session) => {
  const op = args.op ?? (args.tab ? "switch" : "list");
  if (op === "switch") {
    const page = session.browser.switchTab(required(args, "tab"));
    await page.bringToFront();
    return ownResult(`Tab ${args.tab} is now active (${page.url()}).`, { tab: args.tab, url: page.url() });
  }
  if (op === "close") {
    await session.browser.closeTab(required(args, "tab"));
    const rest = await session.browser.tabs();
    return ownResult(`Closed tab ${args.tab}. ${rest.length} tab(s) remain.`, { tabs: rest });
  }
  await session.browser.start();
  const list = await session.browser.tabs();
  if (list.length === 0) return ownResult("No tabs are open; use open with a URL.", { tabs: list });
  const lines = list.map((t) => `${t.active ? "*" : " "} ${t.id}  ${t.url}  ${JSON.stringify(t.title)}`);
  return pageResult(`Open tabs (* = active):\n${lines.join("\n")}`, "browser tabs", { tabs: list });
};
