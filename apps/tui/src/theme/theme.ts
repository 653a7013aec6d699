/** Colours and text styles for every component; with `NO_COLOR` every style is the identity. */
import type { EditorTheme, MarkdownTheme, SelectListTheme } from "@mariozechner/pi-tui";
import { highlightCode } from "./highlight.js";

type Style = (text: string) => string;

/** The styles a component may use. Components never write raw escape codes themselves. */
export interface Theme {
  color: boolean;
  dim: Style;
  bold: Style;
  accent: Style;
  user: Style;
  success: Style;
  warning: Style;
  error: Style;
  muted: Style;
  inverse: Style;
  markdown: MarkdownTheme;
  editor: EditorTheme;
  selectList: SelectListTheme;
}

const sgr =
  (open: number, close: number): Style =>
  (text) =>
    `\x1b[${open}m${text}\x1b[${close}m`;
const plain: Style = (text) => text;

/** True when the environment asks for no colour (https://no-color.org: any non-empty value). */
export function colorDisabled(env: Readonly<Record<string, string | undefined>>): boolean {
  return (env.NO_COLOR ?? "") !== "" || env.TERM === "dumb";
}

/**
 * @example
 * const theme = createTheme({ color: !colorDisabled(process.env) });
 * theme.error("failed");
 */
export function createTheme(options: { color: boolean }): Theme {
  const on = options.color;
  const s = (open: number, close: number) => (on ? sgr(open, close) : plain);
  const dim = s(2, 22);
  const bold = s(1, 22);
  const accent = s(36, 39);
  const muted = s(90, 39);
  const selectList: SelectListTheme = {
    selectedPrefix: accent,
    selectedText: on ? (t) => bold(accent(t)) : (t) => t,
    description: muted,
    scrollInfo: muted,
    noMatch: muted,
  };
  const markdown: MarkdownTheme = {
    heading: on ? (t) => bold(s(35, 39)(t)) : plain,
    link: s(34, 39),
    linkUrl: muted,
    code: s(33, 39),
    codeBlock: plain,
    codeBlockBorder: muted,
    quote: s(3, 23),
    quoteBorder: muted,
    hr: muted,
    listBullet: accent,
    bold,
    italic: s(3, 23),
    strikethrough: s(9, 29),
    underline: s(4, 24),
    highlightCode: (code, lang) => highlightCode(code, lang, on),
  };
  return {
    color: on,
    dim,
    bold,
    accent,
    user: s(34, 39),
    success: s(32, 39),
    warning: s(33, 39),
    error: s(31, 39),
    muted,
    inverse: s(7, 27),
    markdown,
    editor: { borderColor: muted, selectList },
    selectList,
  };
}

/**
 * Horizontal space of `n` columns. Long runs become a cursor-forward (`CSI n C`, 4–5 bytes instead
 * of n): the renderer clears each line before writing it, so the skipped cells are blank. Lines
 * using it must be measured with `lineWidth`, not a plain visible-width count.
 */
export function gap(n: number): string {
  return n <= 5 ? " ".repeat(Math.max(0, n)) : `\x1b[${n}C`;
}
