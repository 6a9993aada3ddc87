import { addCatalogLoaders, loadNamespace } from '../../i18n';

// The agent page's strings in both languages, listed here rather than in the first download's i18n setup.
const loaders = Object.fromEntries(
  Object.entries(import.meta.glob<Record<string, unknown>>('../../i18n/locales/*/agent.json', { import: 'default' })).map(
    ([file, load]) => [file.replace('../../i18n/', './'), load],
  ),
);

/** Loads the agent page's catalog in the current language (a language switch loads the other). */
export async function loadAgentCatalogs() {
  addCatalogLoaders(loaders);
  await loadNamespace('agent');
}
