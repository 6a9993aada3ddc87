/**
 * A step that moves a slider in round amounts (1, 2 or 5 times a power of ten) and gives about
 * `steps` positions over the span: 1,000 SDG steps over a 90,000 SDG span, 5 USD over 450 USD.
 */
export function niceStep(span: number, steps = 60): number {
  if (!(span > 0)) return 1;
  const raw = span / steps;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((candidate) => candidate >= raw) ?? 10 * power;
  // Prices move by at least one unit of the currency.
  return Math.max(1, step);
}

/** The slider's ends: the bounds widened to whole steps, so every offer sits inside. */
export function sliderRange(bounds: { min: number; max: number }, step: number): { min: number; max: number } {
  const min = Math.floor(bounds.min / step) * step;
  const max = Math.ceil(bounds.max / step) * step;
  return { min, max: max > min ? max : min + step };
}

/** A value kept between the ends. */
export const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
