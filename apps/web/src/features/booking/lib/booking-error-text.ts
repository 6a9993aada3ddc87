import { useTranslation } from '../../../i18n/use-translation';
import { ApiRequestError } from '../../../lib/api-client';

/**
 * What a failed booking call tells the traveller: a refusal only a booking's routes send is in the
 * booking catalog, any other code in the errors catalog (else "unexpected"); no answer at all is a
 * network failure.
 */
export function useBookingErrorText() {
  const { t } = useTranslation('booking');
  const { t: tErrors } = useTranslation('errors');
  const codeText = (code: string): string =>
    t(`codes.${code}` as never, {
      defaultValue: tErrors(`codes.${code}` as never, { defaultValue: tErrors('unexpected') }),
    });
  const errorText = (error: unknown): string | null =>
    error instanceof ApiRequestError ? codeText(error.code) : error ? tErrors('network') : null;
  return { codeText, errorText };
}
