import { useTranslation } from '../../../i18n/use-translation';
import classes from './receipt.module.css';

/** What the drawn receipt's highlighted row shows: a number of the length Bankak prints. */
const SAMPLE_NUMBER = '200123456789';

/**
 * "Where do I find it?": a disclosure under the transaction number field with a Bankak receipt drawn
 * in boxes (no picture to download), its «رقم العملية» / "Transaction No." row highlighted, in the
 * traveller's language. The drawing is one image to a screen reader; the sentence beside it says the same.
 */
export function ReceiptNumberHint() {
  const { t } = useTranslation('booking');
  return (
    <details className={classes.where} data-testid="transaction-number-where">
      <summary>{t('receipt.where.toggle')}</summary>
      <div className={classes.whereBody}>
        <p className={classes.whereText}>{t('receipt.where.text')}</p>
        <figure className={classes.sample} role="img" aria-label={t('receipt.where.figure')}>
          <div aria-hidden="true">
            <div className={classes.sampleHeader} dir="ltr">
              bankak
            </div>
            <div className={classes.sampleOk}>✓</div>
            <div className={classes.sampleTitle}>{t('receipt.where.sample.title')}</div>
            <div className={classes.sampleRow} data-highlight>
              <span>{t('receipt.where.sample.transaction')}</span>
              <bdi dir="ltr">{SAMPLE_NUMBER}</bdi>
            </div>
            {(['date', 'to', 'amount'] as const).map((row) => (
              <div key={row} className={classes.sampleRow}>
                <span>{t(`receipt.where.sample.${row}`)}</span>
                <span className={classes.sampleBar} />
              </div>
            ))}
          </div>
        </figure>
      </div>
    </details>
  );
}
