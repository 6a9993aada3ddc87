import { Button, type ButtonProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconGlobe } from '../../components/icons';
import { preloadLanguage, switchLanguage } from '../../i18n';

/**
 * Shows the other language in that language ("English" on the Arabic site, "العربية" on
 * the English one), marked with its own lang so screen readers pronounce it right.
 */
export function LanguageSwitch(props: ButtonProps & { onSwitched?: () => void }) {
  const { t, i18n } = useTranslation();
  const { onSwitched, ...buttonProps } = props;
  const other = i18n.language === 'ar' ? 'en' : 'ar';
  return (
    <Button
      variant="subtle"
      color="dark"
      leftSection={<IconGlobe size={18} />}
      lang={other}
      aria-label={t('language.switchLabel')}
      // The other language's catalogs load on demand: start when the pointer or focus gets here.
      onPointerEnter={() => preloadLanguage(other)}
      onFocus={() => preloadLanguage(other)}
      onClick={() => {
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
