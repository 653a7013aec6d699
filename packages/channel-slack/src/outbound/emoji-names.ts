/**
 * Slack reacts by emoji name (`thumbsup`), the layer by emoji (`👍`): common emoji → Slack's
 * names, `:name:` and bare names passed through.
 */
export const SLACK_EMOJI_NAMES: Readonly<Record<string, string>> = {
  "👍": "thumbsup",
  "👎": "thumbsdown",
  "❤️": "heart",
  "❤": "heart",
  "😂": "joy",
  "😊": "blush",
  "🎉": "tada",
  "👀": "eyes",
  "✅": "white_check_mark",
  "❌": "x",
  "🔥": "fire",
  "🙏": "pray",
  "🤔": "thinking_face",
  "⏳": "hourglass_flowing_sand",
  "👌": "ok_hand",
  "💯": "100",
  "😢": "cry",
  "🚀": "rocket",
  "⚠️": "warning",
  "👋": "wave",
};

/**
 * @example
 * slackEmojiName("👍"); // → "thumbsup"
 * slackEmojiName(":eyes:"); // → "eyes"
 */
export function slackEmojiName(emoji: string): string | undefined {
  const trimmed = emoji.trim();
  const named = /^:?([a-z0-9_+'-]+):?$/.exec(trimmed)?.[1];
  return named ?? SLACK_EMOJI_NAMES[trimmed];
}
