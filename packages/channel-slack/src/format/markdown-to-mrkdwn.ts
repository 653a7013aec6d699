/**
 * The markdown a model writes, as Slack mrkdwn: **bold** → *bold*, *italic* / _italic_ →
 * _italic_, ~~strike~~ → ~strike~, [label](url) → <url|label>, # headings → bold lines, fenced
 * and inline code kept; `&`, `<` and `>` escaped everywhere (Slack's three control characters),
 * so a model's `<b>` or `a < b` shows as written and never becomes a link or a mention.
 */
export const escapeMrkdwn = (text: string): string =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

// Private-use markers hold code spans and links while the rest is rewritten.
const CODE = "\uE000";
const LINK = "\uE001";
const BOLD = "\uE002";

function inline(text: string): string {
  const codes: string[] = [];
  let out = text.replace(/`([^`\n]+)`/g, (_, code: string) => {
    codes.push(`\`${escapeMrkdwn(code)}\``);
    return `${CODE}${codes.length - 1}${CODE}`;
  });
  const links: string[] = [];
  out = out.replace(/\[([^\]\n]+)\]\((https?:\/\/[^)\s]+)\)/g, (_, label: string, url: string) => {
    links.push(`<${url.replace(/[|>]/g, encodeURIComponent)}|${escapeMrkdwn(label).replace(/\|/g, "¦")}>`);
    return `${LINK}${links.length - 1}${LINK}`;
  });
  out = escapeMrkdwn(out)
    .replace(/^#{1,6}\s+(.+?)\s*#*$/, `${BOLD}$1${BOLD}`)
    .replace(/\*\*([^*\n]+)\*\*/g, `${BOLD}$1${BOLD}`)
    .replace(/__([^_\n]+)__/g, `${BOLD}$1${BOLD}`)
    .replace(/~~([^~\n]+)~~/g, "~$1~")
    .replace(/(^|[^\w*])\*(\S(?:[^*\n]*\S)?)\*(?!\w)/g, "$1_$2_")
    .replace(/^(\s*)[-*+]\s+/, "$1• ")
    .replaceAll(BOLD, "*");
  return out
    .replace(new RegExp(`${LINK}(\\d+)${LINK}`, "g"), (_, i: string) => links[Number(i)] ?? "")
    .replace(new RegExp(`${CODE}(\\d+)${CODE}`, "g"), (_, i: string) => codes[Number(i)] ?? "");
}

/**
 * @example
 * markdownToMrkdwn("**Hi** <you> [docs](https://x.dev)"); // → "*Hi* &lt;you&gt; <https://x.dev|docs>"
 */
export function markdownToMrkdwn(markdown: string): string {
  const parts = markdown.split(/^(```[^\n]*\n[\s\S]*?^```)[ \t]*$/m);
  return parts
    .map((part) => {
      const fence = /^```[^\n]*\n([\s\S]*?)```$/.exec(part);
      if (!fence) return part.split("\n").map(inline).join("\n");
      // Slack ignores a language tag: the block is kept, the tag dropped.
      return `\`\`\`\n${escapeMrkdwn((fence[1] ?? "").replace(/\n$/, ""))}\n\`\`\``;
    })
    .join("");
}

/**
 * Slack's inbound text as plain words: `<@U1|ann>` → `@ann`, `<#C1|general>` → `#general`,
 * `<https://x|label>` → `label (https://x)`, `<!here>` → `@here`, entities unescaped.
 *
 * @example
 * slackTextToPlain("<@U1> see <https://a.dev|docs> &amp; more", { U1: "claw" }); // → "@claw see docs (https://a.dev) & more"
 */
export function slackTextToPlain(text: string, names: Readonly<Record<string, string>> = {}): string {
  return text
    .replace(/<([^<>]+)>/g, (_, inner: string) => {
      const [target = "", label] = inner.split("|");
      if (target.startsWith("@")) return `@${label ?? names[target.slice(1)] ?? target.slice(1)}`;
      if (target.startsWith("#")) return `#${label ?? target.slice(1)}`;
      if (target.startsWith("!")) return `@${label ?? target.slice(1).split("^")[0]}`;
      return label && label !== target ? `${label} (${target})` : target.replace(/^mailto:/, "");
    })
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}
