import { describe, expect, it } from "vitest";
import { markdownToMrkdwn, slackTextToPlain } from "./markdown-to-mrkdwn.js";

describe("markdownToMrkdwn", () => {
  it.each([
    ["**bold** and *italic* and _also_", "*bold* and _italic_ and _also_"],
    ["~~gone~~", "~gone~"],
    ["a < b && c > d", "a &lt; b &amp;&amp; c &gt; d"],
    ["<@U123> <!channel>", "&lt;@U123&gt; &lt;!channel&gt;"],
    ["see [the docs](https://example.com/a?b=1&c=2)", "see <https://example.com/a?b=1&c=2|the docs>"],
    ["[a|b](https://x.dev)", "<https://x.dev|a¦b>"],
    ["`x < 1` stays code, **bold**", "`x &lt; 1` stays code, *bold*"],
    ["# Title", "*Title*"],
    ["- one\n- two", "• one\n• two"],
    ["```ts\nif (a < b) { **no** }\n```", "```\nif (a &lt; b) { **no** }\n```"],
    ["before\n```\ncode\n```\nafter **b**", "before\n```\ncode\n```\nafter *b*"],
    ["plain text", "plain text"],
  ])("%j → %j", (input, expected) => {
    expect(markdownToMrkdwn(input)).toBe(expected);
  });
});

describe("slackTextToPlain", () => {
  it.each([
    ["<@U1> hi", "@claw hi"],
    ["<@U2|ann> hi", "@ann hi"],
    ["<@U9> hi", "@U9 hi"],
    ["in <#C1|general>", "in #general"],
    ["<!here> now", "@here now"],
    ["<https://a.dev|docs> and <https://b.dev>", "docs (https://a.dev) and https://b.dev"],
    ["<mailto:a@b.c|a@b.c>", "a@b.c (mailto:a@b.c)"],
    ["a &lt; b &amp;&amp; c &gt; d", "a < b && c > d"],
  ])("%j → %j", (input, expected) => {
    expect(slackTextToPlain(input, { U1: "claw" })).toBe(expected);
  });
});
