/**
 * Lengths of time as a traveller reads them, one writing for every screen, e-mail and document:
 * compact for flights and waits ("2س 10د", "55د"; "2h 10m", "55m"), in words for the hold and
 * other promises made in sentences ("ساعتين", "ساعة و30 دقيقة"; "2 hours", "1 hour and 30 minutes").
 * Latin digits in Arabic as everywhere else (docs/decisions/0006-latin-digits-in-arabic.md).
 */

/** Whole hours and the remaining minutes; never negative. */
export function splitDuration(totalMinutes: number): { hours: number; minutes: number } {
  const safe = Number.isFinite(totalMinutes) ? Math.max(0, Math.round(totalMinutes)) : 0;
  return { hours: Math.floor(safe / 60), minutes: safe % 60 };
}

const UNITS = { ar: { hours: 'س', minutes: 'د' }, en: { hours: 'h', minutes: 'm' } } as const;

/**
 * A flight's or a wait's length, compact: "2س 10د", "3س", "55د" in Arabic; "2h 10m", "3h", "55m" in
 * English. A part that is zero is left out (never "0س 55د").
 */
export function formatDuration(totalMinutes: number, language: string): string {
  const { hours, minutes } = splitDuration(totalMinutes);
  const unit = language === 'ar' ? UNITS.ar : UNITS.en;
  const parts = [hours ? `${hours}${unit.hours}` : '', minutes || !hours ? `${minutes}${unit.minutes}` : ''];
  return parts.filter(Boolean).join(' ');
}

/**
 * Arabic counted nouns, in the form that follows "لمدة" or "خلال": 1 ساعة, 2 ساعتين, 3-10 ساعات,
 * 11 and up ساعة (the singular accusative). The one and the two are said without the number.
 */
function arabicCount(count: number, [one, two, few]: readonly [string, string, string]): string {
  if (count === 1) return one;
  if (count === 2) return two;
  const lastTwo = count % 100;
  return `${count} ${lastTwo >= 3 && lastTwo <= 10 ? few : one}`;
}

/**
 * A length said in a sentence: "ساعتين", "ساعة و30 دقيقة", "45 دقيقة" in Arabic (after "لمدة");
 * "2 hours", "1 hour and 30 minutes", "45 minutes" in English.
 */
export function formatDurationInWords(totalMinutes: number, language: string): string {
  const { hours, minutes } = splitDuration(totalMinutes);
  if (language === 'ar') {
    const parts = [
      hours ? arabicCount(hours, ['ساعة', 'ساعتين', 'ساعات']) : '',
      minutes || !hours ? arabicCount(minutes, ['دقيقة', 'دقيقتين', 'دقائق']) : '',
    ].filter(Boolean);
    return parts.join(' و');
  }
  const english = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;
  const parts = [hours ? english(hours, 'hour') : '', minutes || !hours ? english(minutes, 'minute') : ''].filter(Boolean);
  return parts.join(' and ');
}
