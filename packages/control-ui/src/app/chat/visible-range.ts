/**
 * The rows overlapping the pixel range [top, bottom] given each row's height: the first row, the
 * row after the last, and the offset of the first row from the top of the list.
 *
 * @example
 * visibleRange([100, 100, 100, 100], 150, 250); // [1, 3, 100]
 */
export function visibleRange(
  heights: readonly number[],
  top: number,
  bottom: number,
): [number, number, number] {
  let offset = 0;
  let start = 0;
  while (start < heights.length && offset + (heights[start] as number) <= top)
    offset += heights[start++] as number;
  let end = start;
  let y = offset;
  while (end < heights.length && y < bottom) y += heights[end++] as number;
  return [start, end, offset];
}
