import { i18n } from '../../../i18n/translator';
import { ApiRequestError } from '../../../lib/api-client';

/** The translated message of a failed call: its code from the errors catalog, else a general message. */
export function errorText(error: unknown): string {
  const fallback = i18n.t('errors:unexpected' as never);
  if (!(error instanceof ApiRequestError)) return fallback;
  if (error.code === 'NETWORK') return i18n.t('errors:network' as never);
  return i18n.t(`errors:codes.${error.code}` as never, { defaultValue: fallback });
}
