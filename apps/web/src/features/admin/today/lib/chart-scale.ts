/**
 * The value axis of a count chart: whole-number ticks at a round step (1, 2, 5, 10, 20, 50 ...), at
 * most `maxTicks` intervals, the top tick at or above the largest value. An empty chart still has 0-1.
 */
export function countTicks(maxValue: number, maxTicks = 4): number[] {
  const top = Math.max(1, Math.ceil(maxValue));
  let step = 1;
  for (let magnitude = 1; top / step > maxTicks; magnitude *= 10) {
    step = [1, 2, 5].map((m) => m * magnitude).find((candidate) => top / candidate <= maxTicks) ?? 10 * magnitude;
  }
  const last = Math.ceil(top / step) * step;
  return Array.from({ length: last / step + 1 }, (_, i) => i * step);
}

/**
 * Which days of an n-day axis get a label when `fit` labels fit: always the last (today), then
 * every k-th day back from it, so the labels keep an even rhythm whatever the period.
 */
export function labelledDays(n: number, fit: number): Set<number> {
  const every = Math.max(1, Math.ceil(n / Math.max(1, fit)));
  const labelled = new Set<number>();
  for (let i = n - 1; i >= 0; i -= every) labelled.add(i);
  return labelled;
}

/** The x of day `index` (0 = oldest) of `count` slots across [start, end]: reading order, so right to left in RTL. */
export function slotStart(index: number, count: number, start: number, end: number, rtl: boolean): number {
  const slot = (end - start) / count;
  return start + (rtl ? count - 1 - index : index) * slot;
}

/** `part` as a share of `whole`, or null when there is no whole to share. */
export const shareOf = (part: number, whole: number): number | null => (whole > 0 ? part / whole : null);
