import { Button, type ButtonProps } from '@mantine/core';
import { useTranslation } from '../../i18n/use-translation';
import { useLocation } from '../../lib/router';
import { IconGlobe } from '../../components/icons';
import { preloadLanguage, switchLanguage } from '../../i18n';

/** The current address in the other language: what the switch opens before the script runs, or in a new tab. */
function addressIn(language: string, pathname: string, search: string) {
  const params = new URLSearchParams(search);
  params.set('lang', language);
  return `${pathname}?${params}`;
}

/**
 * Shows the other language in that language ("English" on the Arabic site, "العربية" on
 * the English one), marked with its own lang so screen readers pronounce it right.
 * It is a link to the page with ?lang=: on a prerendered page tapped before the script has run,
 * the server sends the page in the other language; once the app runs it switches in place.
 */
export function LanguageSwitch(props: ButtonProps & { onSwitched?: () => void }) {
  const { t, i18n } = useTranslation();
  const { pathname, search } = useLocation();
  const { onSwitched, ...buttonProps } = props;
  const other = i18n.language === 'ar' ? 'en' : 'ar';
  return (
    <Button
      component="a"
      href={addressIn(other, pathname, search)}
      hrefLang={other}
      variant="subtle"
      color="dark"
      leftSection={<IconGlobe size={18} />}
      lang={other}
      aria-label={t('language.switchLabel')}
      // The other language's catalogs load on demand: start when the pointer or focus gets here.
      onPointerEnter={() => preloadLanguage(other)}
      onFocus={() => preloadLanguage(other)}
      onClick={(event) => {
        // A new tab or window opens the address; a plain click switches this page in place.
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
        event.preventDefault();
        // Offline, the page stays in its language and another tap tries again.
        switchLanguage(other).catch(() => {});
        onSwitched?.();
      }}
      {...buttonProps}
    >
      {t('language.switchTo')}
    </Button>
  );
}
