/**
 * The markdown a model writes, as Telegram HTML (`parse_mode: "HTML"`): **bold**, *italic* /
 * _italic_, ~~strike~~, `code`, fenced blocks, [links](url); everything else escaped. HTML is the
 * dialect least likely to be rejected; when Telegram still refuses the entities the channel
 * resends the original text as plain text.
 */
const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const escapeAttr = (text: string) => escapeHtml(text).replace(/"/g, "&quot;");

function inline(text: string): string {
  const codes: string[] = [];
  let out = text.replace(/`([^`\n]+)`/g, (_, code: string) => {
    codes.push(`<code>${escapeHtml(code)}</code>`);
    return `\uE000${codes.length - 1}\uE000`;
  });
  const links: string[] = [];
  out = out.replace(/\[([^\]\n]+)\]\((https?:\/\/[^)\s]+)\)/g, (_, label: string, url: string) => {
    links.push(`<a href="${escapeAttr(url)}">${escapeHtml(label)}</a>`);
    return `\uE001${links.length - 1}\uE001`;
  });
  out = escapeHtml(out)
    .replace(/\*\*([^*\n]+)\*\*/g, "<b>$1</b>")
    .replace(/__([^_\n]+)__/g, "<b>$1</b>")
    .replace(/~~([^~\n]+)~~/g, "<s>$1</s>")
    .replace(/(^|[^\w*])\*(\S(?:[^*\n]*\S)?)\*(?!\w)/g, "$1<i>$2</i>")
    .replace(/(^|[^\w])_(\S(?:[^_\n]*\S)?)_(?!\w)/g, "$1<i>$2</i>");
  return out
    .replace(/\uE001(\d+)\uE001/g, (_, i: string) => links[Number(i)] ?? "")
    .replace(/\uE000(\d+)\uE000/g, (_, i: string) => codes[Number(i)] ?? "");
}

/**
 * @example
 * markdownToTelegramHtml("**Hi** <you> `x<1`"); // → "<b>Hi</b> &lt;you&gt; <code>x&lt;1</code>"
 */
export function markdownToTelegramHtml(markdown: string): string {
  const parts = markdown.split(/^(```[^\n]*\n[\s\S]*?^```)[ \t]*$/m);
  return parts
    .map((part) => {
      const fence = /^```([^\n]*)\n([\s\S]*?)```$/.exec(part);
      if (!fence) return part.split("\n").map(inline).join("\n");
      const lang = fence[1]?.trim();
      const body = escapeHtml((fence[2] ?? "").replace(/\n$/, ""));
      return lang
        ? `<pre><code class="language-${escapeAttr(lang)}">${body}</code></pre>`
        : `<pre>${body}</pre>`;
    })
    .join("");
}
