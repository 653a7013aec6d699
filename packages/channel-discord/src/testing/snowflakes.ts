/** Discord ids: 64-bit snowflakes whose top bits are milliseconds since 2015-01-01, as decimal strings. */
const DISCORD_EPOCH = 1_420_070_400_000n;

/** Ids that always increase (as Discord's do, within one worker), even within one millisecond. */
export function snowflakeSource(now: () => number = Date.now): () => string {
  let last = 0n;
  return () => {
    const candidate = (BigInt(now()) - DISCORD_EPOCH) << 22n;
    last = candidate > last ? candidate : last + 1n;
    return last.toString();
  };
}
