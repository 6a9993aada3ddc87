import type { PublicConfig, SupportHours } from '@kwenda/contracts';
import { useTranslation } from '../../i18n/use-translation';
import { HintTooltip } from '../../components/hint-tooltip';
import { IconChat, IconMail, IconPhone } from '../../components/icons';
import classes from './app-layout.module.css';

/**
 * WhatsApp contact with a tooltip, e-mail, the phone and its hours, the agency's social pages (those
 * configured), payment methods and a credit line; staging style on test builds.
 */
export function SiteFooter({ config }: { config: PublicConfig | undefined }) {
  const { t } = useTranslation('footer');
  const { t: tc } = useTranslation();
  const year = new Date().getFullYear();
  // "Sunday to Thursday, 09:00-17:00 Khartoum time" from the agency's SUPPORT_DAYS and SUPPORT_HOURS.
  const phoneHours = ({ fromDay, toDay, opens, closes }: SupportHours) => {
    const days =
      fromDay === toDay
        ? t(`footer.days.${fromDay}`)
        : t('footer.dayRange', { from: t(`footer.days.${fromDay}`), to: t(`footer.days.${toDay}`) });
    return t('footer.phoneHours', { days, opens, closes });
  };
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
                      <span className={classes.visuallyHidden}>{tc('opensInNewTab')}</span>
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
                <span className={classes.footerMuted}>({phoneHours(config.supportHours)})</span>
              </li>
            </ul>
          ) : null}
        </section>

        {config?.socialLinks.length ? (
          <section className={classes.footerBlock} aria-labelledby="footer-follow">
            <h2 id="footer-follow" className={classes.footerTitle}>
              {t('footer.followTitle')}
            </h2>
            <ul className={classes.socialList}>
              {config.socialLinks.map(({ network, url }) => (
                <li key={network}>
                  <a className={classes.socialLink} href={url} target="_blank" rel="noopener noreferrer">
                    <svg width={22} height={22} aria-hidden="true" focusable="false">
                      <use href={`/social-icons.svg#${network}`} />
                    </svg>
                    <span className={classes.visuallyHidden}>
                      {t('footer.socialLink', { network: t(`footer.networks.${network}`) })} {tc('opensInNewTab')}
                    </span>
                  </a>
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        <section className={classes.footerBlock} aria-labelledby="footer-payment">
          <h2 id="footer-payment" className={classes.footerTitle}>
            {t('footer.paymentTitle')}
          </h2>
          <img
            src="/payment-methods.png"
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
