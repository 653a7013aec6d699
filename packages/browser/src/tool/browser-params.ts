/**
 * The `browser` tool's arguments: one action and the fields it uses, plus each action's risk
 * level (what approvals and `tools.browser.ask` judge).
 */
import { type Static, Type } from "typebox";

/** Every action, in the order the description lists them. */
export const BROWSER_ACTIONS = [
  "open",
  "navigate",
  "snapshot",
  "click",
  "type",
  "press",
  "select",
  "hover",
  "scroll",
  "screenshot",
  "upload",
  "pdf",
  "tabs",
  "wait",
  "console",
  "network",
  "evaluate",
] as const;
export type BrowserAction = (typeof BROWSER_ACTIONS)[number];

/**
 * read: looks at the page; navigate: loads a URL; interact: acts on the page (clicks may submit
 * forms or buy things); high: sends workspace files to a site or runs page scripts.
 */
export type BrowserRisk = "read" | "navigate" | "interact" | "high";

export const BROWSER_ACTION_RISK: Readonly<Record<BrowserAction, BrowserRisk>> = {
  open: "navigate",
  navigate: "navigate",
  snapshot: "read",
  click: "interact",
  type: "interact",
  press: "interact",
  select: "interact",
  hover: "interact",
  scroll: "read",
  screenshot: "read",
  upload: "high",
  pdf: "read",
  tabs: "interact",
  wait: "read",
  console: "read",
  network: "read",
  evaluate: "high",
};

const Ms = (description: string) =>
  Type.Optional(Type.Integer({ minimum: 100, maximum: 120_000, description }));

export const BrowserParams = Type.Object({
  action: Type.Enum(BROWSER_ACTIONS, { description: "What to do; see the tool description." }),
  url: Type.Optional(
    Type.String({ description: "open/navigate: the http(s) URL. wait: a URL substring to wait for." }),
  ),
  ref: Type.Optional(
    Type.String({
      description:
        "An element ref from the latest snapshot (e.g. e12; inside an iframe a path such as e5.e2), for actions on an element.",
    }),
  ),
  text: Type.Optional(Type.String({ description: "type: the text to enter. wait: text to wait for." })),
  submit: Type.Optional(Type.Boolean({ description: "type: press Enter afterwards." })),
  key: Type.Optional(
    Type.String({ description: 'press: a key such as "Enter", "Tab", "ArrowDown", "Control+a".' }),
  ),
  values: Type.Optional(Type.Array(Type.String(), { description: "select: option values or labels." })),
  paths: Type.Optional(
    Type.Array(Type.String(), { description: "upload: workspace files for a file input." }),
  ),
  direction: Type.Optional(Type.Union([Type.Literal("up"), Type.Literal("down")])),
  tab: Type.Optional(Type.String({ description: "tabs: the tab id (t1, t2 …) to switch to or close." })),
  op: Type.Optional(Type.Union([Type.Literal("list"), Type.Literal("switch"), Type.Literal("close")])),
  maxTokens: Type.Optional(Type.Integer({ minimum: 200, maximum: 20_000, description: "snapshot budget." })),
  interactiveOnly: Type.Optional(Type.Boolean({ description: "snapshot: controls and headings only." })),
  fullPage: Type.Optional(Type.Boolean({ description: "screenshot: the whole page, not the viewport." })),
  path: Type.Optional(Type.String({ description: "screenshot/pdf: a workspace path to save to." })),
  expression: Type.Optional(
    Type.String({ description: "evaluate: a JavaScript expression (when allowed)." }),
  ),
  timeoutMs: Ms("open/navigate/wait: how long to wait (default 15000)."),
});
export type BrowserArgs = Static<typeof BrowserParams>;

/** The field value an action needs, or an error that names the action and the field. */
export function required<K extends keyof BrowserArgs>(
  args: BrowserArgs,
  field: K,
): NonNullable<BrowserArgs[K]> {
  const value = args[field];
  if (value === undefined || value === null || (typeof value === "string" && value.trim() === ""))
    throw new Error(`browser action "${args.action}" needs "${String(field)}".`);
  return value as NonNullable<BrowserArgs[K]>;
}
