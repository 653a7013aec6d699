/** Renders the parsed Markdown tree as elements: text stays text, never markup. */
import type { ComponentChildren } from "preact";
import { useMemo } from "preact/hooks";
import { highlights, tokenize } from "./highlight.js";
import { type Block, type Inline, parseMarkdown } from "./parse.js";

function InlineNodes({ nodes }: { nodes: Inline[] }) {
  return (
    <>
      {nodes.map((node, i) => {
        switch (node.t) {
          case "text":
            return node.v;
          case "code":
            return <code key={i}>{node.v}</code>;
          case "strong":
            return (
              <strong key={i}>
                <InlineNodes nodes={node.c} />
              </strong>
            );
          case "em":
            return (
              <em key={i}>
                <InlineNodes nodes={node.c} />
              </em>
            );
          case "del":
            return (
              <del key={i}>
                <InlineNodes nodes={node.c} />
              </del>
            );
          case "link":
            return (
              <a key={i} href={node.href} target="_blank" rel="noopener noreferrer nofollow">
                <InlineNodes nodes={node.c} />
              </a>
            );
          case "br":
            return <br key={i} />;
          default:
            return null;
        }
      })}
    </>
  );
}

function CodeBlock({ lang, code }: { lang: string; code: string }) {
  const tokens = useMemo(
    () => (highlights(lang) ? tokenize(code, lang) : [{ kind: "plain" as const, text: code }]),
    [code, lang],
  );
  const copy = () => void navigator.clipboard?.writeText(code);
  return (
    <div class="code-block">
      <div class="code-head">
        <span>{lang || "text"}</span>
        <button type="button" class="link-button" onClick={copy} aria-label="Copy code">
          Copy
        </button>
      </div>
      <pre>
        <code>
          {tokens.map((token, i) =>
            token.kind === "plain" ? (
              token.text
            ) : (
              <span key={i} class={`tok-${token.kind}`}>
                {token.text}
              </span>
            ),
          )}
        </code>
      </pre>
    </div>
  );
}

function BlockNode({ block }: { block: Block }): ComponentChildren {
  switch (block.t) {
    case "p":
      return (
        <p>
          <InlineNodes nodes={block.c} />
        </p>
      );
    case "h": {
      const Tag = `h${Math.min(6, block.level + 2)}` as "h3";
      return (
        <Tag>
          <InlineNodes nodes={block.c} />
        </Tag>
      );
    }
    case "code":
      return <CodeBlock lang={block.lang} code={block.v} />;
    case "list": {
      const items = block.items.map((item, i) => (
        <li key={i}>
          <Blocks blocks={item} />
        </li>
      ));
      return block.ordered ? <ol start={block.start}>{items}</ol> : <ul>{items}</ul>;
    }
    case "quote":
      return (
        <blockquote>
          <Blocks blocks={block.c} />
        </blockquote>
      );
    case "hr":
      return <hr />;
    case "table":
      return (
        <div class="table-wrap">
          <table>
            <thead>
              <tr>
                {block.head.map((cell, i) => (
                  <th key={i}>
                    <InlineNodes nodes={cell} />
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {block.rows.map((row, r) => (
                <tr key={r}>
                  {row.map((cell, i) => (
                    <td key={i}>
                      <InlineNodes nodes={cell} />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      );
    default:
      return null;
  }
}

function Blocks({ blocks }: { blocks: Block[] }) {
  return (
    <>
      {blocks.map((block, i) => (
        <BlockNode key={i} block={block} />
      ))}
    </>
  );
}

/** Model text as formatted, safe elements. */
export function Markdown({ text }: { text: string }) {
  const blocks = useMemo(() => parseMarkdown(text), [text]);
  return (
    <div class="markdown">
      <Blocks blocks={blocks} />
    </div>
  );
}
