import { Alert } from '@mantine/core';
import { i18n } from '../../../i18n/translator';
import { useTranslation } from '../../../i18n/use-translation';
import { ApiRequestError } from '../../../lib/api-client';

/** The translated message of a failed call: its code from admin:codes.* or errors:codes.*, else a general message. */
export function apiErrorText(error: unknown): string {
  const fallback = i18n.t('errors:unexpected' as never);
  if (!(error instanceof ApiRequestError)) return fallback;
  if (error.code === 'NETWORK') return i18n.t('errors:network' as never);
  // The desk's own codes live in its catalog; the codes every page may get, in the errors catalog.
  return i18n.t([`admin:codes.${error.code}`, `errors:codes.${error.code}`] as never, { defaultValue: fallback });
}

/** Whether a failed call named `path` among its fields (a 400 that says which field is wrong). */
export function fieldError(error: unknown, path: string): boolean {
  return error instanceof ApiRequestError && (error.body?.fields ?? []).some((field) => field.path === path);
}

/** The fields a refusal names (the first part of each path): shown beside their fields. */
export function fieldErrorsOf(error: unknown): Set<string> {
  if (!(error instanceof ApiRequestError)) return new Set();
  return new Set((error.body?.fields ?? []).map((field) => field.path.split('.')[0]!));
}

/** Whether a refusal only says which fields are wrong: the fields show it, no alert is needed. */
export function refusesFieldsOnly(error: unknown): boolean {
  return error instanceof ApiRequestError && error.code === 'VALIDATION_ERROR' && !!error.body?.fields?.length;
}

/** A failed call, as a red notice that screen readers announce. Renders nothing without an error. */
export function ApiErrorAlert({ error, title }: { error: unknown; title?: string }) {
  const { t } = useTranslation('admin');
  if (!error) return null;
  return (
    <Alert color="red" role="alert" title={title ?? t('errorTitle')}>
      {apiErrorText(error)}
    </Alert>
  );
}
