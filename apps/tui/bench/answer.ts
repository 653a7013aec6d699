/** A long, realistic markdown answer (paragraphs, lists, code, tables) split into word tokens. */

const WORDS =
  "the gateway streams each delta to every client while the agent keeps its session lane ordered so a tool result never overtakes the text that asked for it and nothing is lost when a socket drops".split(
    " ",
  );

function paragraph(seed: number, words: number): string {
  const out: string[] = [];
  for (let i = 0; i < words; i++) out.push(WORDS[(seed * 7 + i * 3) % WORDS.length] as string);
  return `${out.join(" ")}.`;
}

/** Markdown of about `tokens` word tokens. */
export function longAnswer(tokens: number): string {
  const blocks: string[] = [];
  let count = 0;
  for (let i = 0; count < tokens; i++) {
    const kind = i % 5;
    let block: string;
    if (kind === 0) block = `## Section ${i}\n\n${paragraph(i, 60)}`;
    else if (kind === 1) block = `- ${paragraph(i, 8)}\n- ${paragraph(i + 1, 10)}\n- ${paragraph(i + 2, 6)}`;
    else if (kind === 2)
      block = `\`\`\`ts\nconst value${i} = await run(${i});\nif (value${i}.ok) return value${i};\n\`\`\``;
    else if (kind === 3)
      block = `| step | result |\n|------|--------|\n| ${i} | ok |\n| ${i + 1} | retried |`;
    else block = paragraph(i, 80);
    blocks.push(block);
    count += block.split(/\s+/).length;
  }
  return blocks.join("\n\n");
}

/** Splits like the faux provider: a word with its trailing whitespace is one token. */
export function tokens(text: string): string[] {
  return text.match(/\S+\s*|\s+/g) ?? [];
}
