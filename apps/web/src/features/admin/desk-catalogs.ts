import { addCatalogLoaders, loadNamespace, type Namespace } from '../../i18n';

const DESK_NAMESPACES = [
  'admin',
  'admin-staff',
  'admin-bookings',
  'admin-desk',
  'admin-rates',
  'admin-agents',
  'admin-today',
  'admin-limits',
  'admin-notices',
  'admin-seats',
] as const satisfies readonly Namespace[];

// The desk's catalogs in both languages, listed here rather than in the first download's i18n setup.
const loaders = Object.fromEntries(
  Object.entries(import.meta.glob<Record<string, unknown>>('../../i18n/locales/*/admin*.json', { import: 'default' })).map(
    ([file, load]) => [file.replace('../../i18n/', './'), load],
  ),
);

/** Loads the desk's catalogs in the current language (a language switch loads the other). */
export async function loadDeskCatalogs() {
  addCatalogLoaders(loaders);
  await Promise.all(DESK_NAMESPACES.map(loadNamespace));
}
