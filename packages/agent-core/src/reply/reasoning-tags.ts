/**
 * Strips reasoning tags from visible text, statefully across streamed chunks: content inside
 * <think>/<thinking> is dropped; when <final> appears, only what is inside it is kept
 * (`enforceFinal` keeps nothing outside a <final> block at all).
 */
const OPEN_THINK = /<(think|thinking)>/i;
const TAG = /<\/?(think|thinking|final)>/gi;

export interface ReasoningTagStripper {
  /** Feeds a chunk; returns the visible text it adds. */
  push(chunk: string): string;
  /** Flushes any held-back partial tag at the end of the stream. */
  end(): string;
}

export function createReasoningTagStripper(options: { enforceFinal?: boolean } = {}): ReasoningTagStripper {
  let inThinking = false;
  let inFinal = false;
  let sawFinal = false;
  let held = "";

  const visible = (text: string) => {
    if (inThinking) return "";
    if (options.enforceFinal || sawFinal) return inFinal ? text : "";
    return text;
  };

  const process = (input: string): string => {
    let out = "";
    let last = 0;
    TAG.lastIndex = 0;
    for (let match = TAG.exec(input); match; match = TAG.exec(input)) {
      out += visible(input.slice(last, match.index));
      const closing = match[0].startsWith("</");
      const name = (match[1] ?? "").toLowerCase();
      if (name === "final") {
        inFinal = !closing;
        if (!closing) sawFinal = true;
      } else inThinking = !closing;
      last = match.index + match[0].length;
    }
    return out + visible(input.slice(last));
  };

  return {
    push(chunk) {
      const text = held + chunk;
      // Hold back a trailing fragment that could be the start of a tag split across chunks.
      const lt = text.lastIndexOf("<");
      if (lt !== -1 && lt > text.length - 12 && !text.slice(lt).includes(">")) {
        held = text.slice(lt);
        return process(text.slice(0, lt));
      }
      held = "";
      return process(text);
    },
    end() {
      const rest = held;
      held = "";
      return process(rest);
    },
  };
}

/** One-shot form for whole texts. */
export function stripReasoningTags(text: string, options: { enforceFinal?: boolean } = {}): string {
  if (!OPEN_THINK.test(text) && !/<\/?final>/i.test(text) && !/<\/(think|thinking)>/i.test(text)) return text;
  // With the whole text at hand, a <final> block anywhere means only final content is visible.
  const enforceFinal = options.enforceFinal === true || /<final>/i.test(text);
  const stripper = createReasoningTagStripper({ enforceFinal });
  return (stripper.push(text) + stripper.end()).trim();
}
