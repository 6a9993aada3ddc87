import type { BookingMoney } from '@kwenda/contracts/admin';
import { useTranslation } from '../../../i18n/use-translation';
import { deskMoney } from './desk-format';
import classes from './desk.module.css';

/**
 * What a booking is owed back, line by line: received, the airline's cancellation fee (its quote, as
 * the airline stated it), the agency's fee, what is owed, what was refunded and what remains. A
 * booking cancelled before the figures were kept shows received, refunded and remaining only.
 */
export function RefundOwed({ money }: { money: BookingMoney }) {
  const { t, i18n } = useTranslation('admin-desk');
  const language = i18n.language;
  const amount = (value: number) => <span className={classes.money}>{deskMoney(value, money.currency, language)}</span>;
  const cancellation = money.cancellation;
  return (
    <dl className={classes.facts} data-testid="refund-owed">
      <dt>{t('refunds.paid')}</dt>
      <dd>{amount(money.paid)}</dd>
      {cancellation ? (
        <>
          <dt>{t('refunds.airlineFee')}</dt>
          <dd>
            {amount(cancellation.airlineFee)}
            {cancellation.supplierRefund ? (
              <>
                {' · '}
                {t('refunds.airlineQuote', {
                  amount: deskMoney(cancellation.supplierRefund.amount, cancellation.supplierRefund.currency, language),
                })}
              </>
            ) : null}
          </dd>
          <dt>{t('refunds.agencyFee')}</dt>
          <dd>{cancellation.agencyFee > 0 ? amount(cancellation.agencyFee) : t('refunds.agencyFeeNone')}</dd>
          <dt>{t('refunds.owed')}</dt>
          <dd>{amount(cancellation.owed)}</dd>
        </>
      ) : null}
      <dt>{t('refunds.refunded')}</dt>
      <dd>{amount(money.refunded)}</dd>
      <dt>{t('refunds.refundable')}</dt>
      <dd>
        <strong>{amount(money.refundable)}</strong>
      </dd>
    </dl>
  );
}
