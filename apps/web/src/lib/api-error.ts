import type { ApiError } from '@kwenda/contracts';
import { loadNamespaceAlone } from '../i18n';

/**
 * An error answer of the API read with its contract, once the whole errors catalog that translates its code
 * is loaded: the first error of a page brings both (lib/api-client.ts), not the page's first download.
 */
export async function readErrorAnswer(json: unknown): Promise<ApiError | null> {
  const [{ apiErrorSchema }] = await Promise.all([
    import('@kwenda/contracts/reference'),
    loadNamespaceAlone('errors').catch(() => undefined),
  ]);
  const parsed = apiErrorSchema.safeParse(json);
  return parsed.success ? parsed.data : null;
}
