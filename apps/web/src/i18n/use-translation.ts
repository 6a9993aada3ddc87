import type { FlatNamespace, TFunction } from 'i18next';
import { createContext, createElement, useContext, useSyncExternalStore, type ReactNode } from 'react';
import { i18n as appTranslator, type Translator } from './translator';

const TranslatorContext = createContext<Translator>(appTranslator);

/** Gives the components below another translator than the app's (tests, a page in two languages). */
export function TranslatorProvider({ i18n, children }: { i18n: Translator; children: ReactNode }) {
  return createElement(TranslatorContext.Provider, { value: i18n }, children);
}

/**
 * The translate function of a namespace and the translator, as react-i18next's hook gives them: the
 * component renders again, with a new `t`, when the language changes.
 */
export function useTranslation<Ns extends FlatNamespace = 'common'>(ns?: Ns): { t: TFunction<Ns>; i18n: Translator } {
  const i18n = useContext(TranslatorContext);
  const language = useSyncExternalStore(
    (onChange) => {
      i18n.on('languageChanged', onChange);
      return () => i18n.off('languageChanged', onChange);
    },
    () => i18n.language,
    () => i18n.language,
  );
  return { t: i18n.getFixedT(language, ns), i18n };
}
