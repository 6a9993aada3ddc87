import { accountErrorCodes } from '@kwenda/contracts/rules';
import { i18n } from '../../../i18n/translator';
import { useTranslation } from '../../../i18n/use-translation';
import { ApiRequestError } from '../../../lib/api-client';

/** The translated message of a failed call: its code from the errors catalog, else `fallback` (a full key). */
export function errorText(error: unknown, fallback = 'errors:unexpected'): string {
  const fallbackText = i18n.t(fallback as never);
  if (!(error instanceof ApiRequestError)) return fallbackText;
  if (error.code === 'NETWORK') return i18n.t('errors:network' as never);
  return i18n.t(`errors:codes.${error.code}` as never, { defaultValue: fallbackText });
}

/** Field -> code of a 400 whose `fields` name the form's inputs (e.g. "payload.password"). */
export function fieldCodes(error: unknown, prefix = ''): Record<string, string> {
  if (!(error instanceof ApiRequestError)) return {};
  const out: Record<string, string> = {};
  for (const field of error.body?.fields ?? []) {
    const name = field.path.startsWith(prefix) ? field.path.slice(prefix.length) : field.path;
    out[name] ??= field.code;
  }
  return out;
}

/** A failed call of the phone and contact routes: their own codes from the auth catalog, the rest as errorText. */
export function useAccountErrorText() {
  const { t } = useTranslation('auth');
  return (error: unknown): string => {
    const unexpected = t('errors:unexpected' as never);
    if (!(error instanceof ApiRequestError)) return unexpected;
    if (error.code === 'NETWORK') return t('errors:network' as never);
    if ((accountErrorCodes as readonly string[]).includes(error.code)) return t(`codes.${error.code as AccountErrorCode}`);
    return t(`errors:codes.${error.code}` as never, { defaultValue: unexpected });
  };
}

type AccountErrorCode = (typeof accountErrorCodes)[number];
