import { describe, expect, it } from "vitest";
import { markdownToTelegramHtml } from "./markdown-to-html.js";

describe("markdownToTelegramHtml", () => {
  it.each([
    ["plain", "plain"],
    ["a < b & c > d", "a &lt; b &amp; c &gt; d"],
    ["**bold** and *it* and _it2_", "<b>bold</b> and <i>it</i> and <i>it2</i>"],
    ["~~gone~~", "<s>gone</s>"],
    ["`x<1` ok", "<code>x&lt;1</code> ok"],
    ["see [docs](https://example.com/a?b=1&c=2)", 'see <a href="https://example.com/a?b=1&amp;c=2">docs</a>'],
    ["snake_case_name stays", "snake_case_name stays"],
    ["2 * 3 * 4", "2 * 3 * 4"],
    ["```ts\nconst a = 1 < 2;\n```", '<pre><code class="language-ts">const a = 1 &lt; 2;</code></pre>'],
    ["before\n```\n**not bold**\n```\nafter", "before\n<pre>**not bold**</pre>\nafter"],
  ])("%j", (input, expected) => expect(markdownToTelegramHtml(input)).toBe(expected));
});
