import { createRequire } from "node:module";
import { Tiktoken, type TiktokenBPE } from "js-tiktoken/lite";
import { createTokenEstimator, type TokenEstimator } from "./estimator.js";
import { CHARS_PER_TOKEN, IMAGE_CHAR_ESTIMATE } from "./text.js";

/** Texts are encoded in slices so the cost stays linear in the text length. */
const SLICE_CHARS = 2_048;
/**
 * BPE merging is quadratic in the length of one pre-token, so a slice holding a long unbroken run
 * (base64, minified code) is encoded in short pieces instead.
 */
const LONG_RUN = /\S{256}/;
const RUN_PIECE_CHARS = 64;
/** Above this many characters only a prefix is encoded and its ratio extrapolated. */
const SAMPLE_CHARS = 32_768;

const require = createRequire(import.meta.url);
let encoder: Tiktoken | undefined;

/**
 * Loads the o200k_base ranks (~2 MB) on first use, so importing the package stays cheap. Only
 * `encode` is used: the decode table (200k small Uint8Arrays, ~35 MB of a long-lived gateway's
 * heap) is dropped.
 */
function getEncoder(): Tiktoken {
  if (!encoder) {
    encoder = new Tiktoken(require("js-tiktoken/ranks/o200k_base") as TiktokenBPE);
    (encoder as unknown as { textMap?: Map<number, Uint8Array> }).textMap?.clear();
  }
  return encoder;
}

function encodeLength(enc: Tiktoken, text: string): number {
  let tokens = 0;
  for (let i = 0; i < text.length; i += SLICE_CHARS) {
    const slice = text.slice(i, i + SLICE_CHARS);
    // "all": special-token lookalikes in user text are counted, never rejected.
    if (!LONG_RUN.test(slice)) tokens += enc.encode(slice, "all").length;
    else
      for (let j = 0; j < slice.length; j += RUN_PIECE_CHARS)
        tokens += enc.encode(slice.slice(j, j + RUN_PIECE_CHARS), "all").length;
  }
  return tokens;
}

/** Tokens of `text` under o200k_base (sampled and extrapolated beyond 32 Ki characters). */
export function countTiktokenTokens(text: string): number {
  if (text.length === 0) return 0;
  const enc = getEncoder();
  if (text.length <= SAMPLE_CHARS) return encodeLength(enc, text);
  const sample = encodeLength(enc, text.slice(0, SAMPLE_CHARS));
  return Math.ceil((sample / SAMPLE_CHARS) * text.length);
}

/**
 * A real BPE tokenizer (o200k_base, shipped offline by js-tiktoken). Not the exact tokenizer of
 * every provider, but far closer than chars/4 for code and non-English text. The ranks load on
 * the first count (a few hundred ms), never at import.
 *
 * @example
 * tiktokenEstimator.text("hello world"); // → 2
 */
export const tiktokenEstimator: TokenEstimator = createTokenEstimator({
  name: "tiktoken:o200k_base",
  countText: countTiktokenTokens,
  imageTokens: IMAGE_CHAR_ESTIMATE / CHARS_PER_TOKEN,
});

/** The estimator used when none is injected. */
export const defaultTokenEstimator: TokenEstimator = tiktokenEstimator;
