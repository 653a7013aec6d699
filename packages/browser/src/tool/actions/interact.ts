/** Acting on elements by ref: click, type, press, select, hover, and scrolling the page or an element. */
import { resolveRef } from "../../snapshot/page-snapshot.js";
import { required } from "../browser-params.js";
import { type ActionHandler, ownResult } from "../session.js";

/** How long an element may take to become actionable (visible, enabled, stable). */
const ACTION_TIMEOUT_MS = 5_000;

export const click: ActionHandler = async (args, session) => {
  const page = await session.browser.activeTab();
  const element = await resolveRef(page, required(args, "ref"));
  await element.click({ timeout: ACTION_TIMEOUT_MS });
  return done(`Clicked ${args.ref}.`, page.url());
};

export const typeText: ActionHandler = async (args, session) => {
  const page = await session.browser.activeTab();
  const element = await resolveRef(page, required(args, "ref"));
  const text = args.text ?? "";
  await element.fill(text, { timeout: ACTION_TIMEOUT_MS });
  if (args.submit) await element.press("Enter", { timeout: ACTION_TIMEOUT_MS });
  return done(
    `Typed ${text.length} characters into ${args.ref}${args.submit ? " and pressed Enter" : ""}.`,
    page.url(),
  );
};

export const press: ActionHandler = async (args, session) => {
  const page = await session.browser.activeTab();
  const key = required(args, "key");
  if (args.ref) await (await resolveRef(page, args.ref)).press(key, { timeout: ACTION_TIMEOUT_MS });
  else await page.keyboard.press(key);
  return done(`Pressed ${key}${args.ref ? ` in ${args.ref}` : ""}.`, page.url());
};

export const select: ActionHandler = async (args, session) => {
  const page = await session.browser.activeTab();
  const element = await resolveRef(page, required(args, "ref"));
  const wanted = required(args, "values");
  // Playwright matches each string against an option's value or its label.
  const chosen = await element.selectOption(wanted, { timeout: ACTION_TIMEOUT_MS });
  return done(`Selected ${chosen.join(", ")} in ${args.ref}.`, page.url());
};

export const hover: ActionHandler = async (args, session) => {
  const page = await session.browser.activeTab();
  await (await resolveRef(page, required(args, "ref"))).hover({ timeout: ACTION_TIMEOUT_MS });
  return done(`Hovering over ${args.ref}.`, page.url());
};

export const scroll: ActionHandler = async (args, session) => {
  const page = await session.browser.activeTab();
  if (args.ref) {
    await (await resolveRef(page, args.ref)).scrollIntoViewIfNeeded({ timeout: ACTION_TIMEOUT_MS });
    return done(`Scrolled ${args.ref} into view.`, page.url());
  }
  const viewport = page.viewportSize()?.height ?? 800;
  await page.mouse.wheel(0, args.direction === "up" ? -viewport : viewport);
  return done(`Scrolled ${args.direction ?? "down"} one screen.`, page.url());
};

function done(what: string, url: string) {
  return ownResult(`${what} The tab is at ${url}. Take a snapshot to see the result.`, { url });
}
