import type { PublicConfig } from '@kwenda/contracts';
import { useTranslation } from 'react-i18next';
import { HintTooltip } from '../../components/hint-tooltip';
import { IconChat, IconMail, IconPhone } from '../../components/icons';
import classes from './app-layout.module.css';

/** SPEC section 2: WhatsApp contact with a tooltip, payment methods, credit line; staging style on test builds. */
export function SiteFooter({ config }: { config: PublicConfig | undefined }) {
  const { t } = useTranslation();
  const year = new Date().getFullYear();
  return (
    <footer className={classes.footer} data-staging={config?.staging || undefined} aria-label={t('footer.label')}>
      <div className={classes.footerInner}>
        <section className={classes.footerBlock} aria-labelledby="footer-contact">
          <h2 id="footer-contact" className={classes.footerTitle}>
            {t('footer.contactTitle')}
          </h2>
          {config ? (
            <ul className={classes.contactList}>
              <li>
                <HintTooltip label={t('footer.whatsappHint')}>
                  {(tooltipId) => (
                    <a
                      className={classes.whatsapp}
                      href={`https://wa.me/${config.whatsappNumber}`}
                      target="_blank"
                      rel="noopener noreferrer"
                      aria-describedby={tooltipId}
                    >
                      <IconChat size={20} />
                      <span>{t('footer.whatsapp')}</span>
                      <span className={classes.visuallyHidden}>{t('footer.opensInNewTab')}</span>
                    </a>
                  )}
                </HintTooltip>
              </li>
              <li className={classes.contactItem}>
                <IconMail size={18} />
                <span className={classes.visuallyHidden}>{t('footer.email')}: </span>
                <a href={`mailto:${config.supportEmail}`} dir="ltr" className={classes.footerLink}>
                  {config.supportEmail}
                </a>
              </li>
              <li className={classes.contactItem}>
                <IconPhone size={18} />
                <span className={classes.visuallyHidden}>{t('footer.phone')}: </span>
                <a href={`tel:${config.supportPhone.replace(/[^\d+]/g, '')}`} dir="ltr" className={classes.footerLink}>
                  {config.supportPhone}
                </a>
                <span className={classes.footerMuted}>({t('footer.phoneHours')})</span>
              </li>
            </ul>
          ) : null}
        </section>

        <section className={classes.footerBlock} aria-labelledby="footer-payment">
          <h2 id="footer-payment" className={classes.footerTitle}>
            {t('footer.paymentTitle')}
          </h2>
          <img
            src="/payment-methods.svg"
            alt={t('footer.paymentAlt')}
            width={288}
            height={40}
            className={classes.paymentImage}
            loading="lazy"
          />
        </section>
      </div>
      <p className={classes.credit}>{t('footer.credit', { year })}</p>
    </footer>
  );
}
