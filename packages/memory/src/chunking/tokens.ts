/** CJK ideographs, kana and hangul: roughly one token per character rather than one per four. */
export const CJK_PATTERN = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]/u;
const CJK_GLOBAL = new RegExp(CJK_PATTERN.source, "gu");

/**
 * Cheap token estimate: 4 characters per token for alphabetic text, 1 per CJK character.
 * @example estimateTokens("hello world!") // 3
 */
export function estimateTokens(text: string): number {
  const cjk = text.match(CJK_GLOBAL)?.length ?? 0;
  return cjk + Math.ceil((text.length - cjk) / 4);
}

/** True when the text holds at least one CJK character. */
export function hasCjk(text: string): boolean {
  return CJK_PATTERN.test(text);
}
