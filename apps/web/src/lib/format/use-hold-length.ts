import { BOOKING_LIMITS } from '@kwenda/contracts/rules';
import { useTranslation } from '../../i18n/use-translation';
import { usePublicConfigAsRendered } from '../public-config';
import { formatDurationInWords } from './format-duration';

/**
 * How long a pay-later booking holds its seats: the server's HOLD_MINUTES from GET /config, never a
 * fixed "two hours". As the page was rendered (lib/public-config.ts): a page prerendered at build
 * without the config says the default length until it hydrates, then the configured one.
 */
export function useHoldMinutes(): number {
  return usePublicConfigAsRendered().data?.holdMinutes ?? BOOKING_LIMITS.holdMinutes;
}

/** The hold length in words for a sentence of the page's language: "ساعتين", "1 hour and 30 minutes". */
export function useHoldLength(): string {
  const { i18n } = useTranslation();
  return formatDurationInWords(useHoldMinutes(), i18n.language);
}
