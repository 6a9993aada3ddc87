import { useTranslation } from '../../../i18n/use-translation';
import { bookingSteps, type BookingStep } from '../lib/booking-steps';
import classes from './booking.module.css';
import { memo } from 'react';

/**
 * The booking's steps; only completed ones can be clicked. `complete` once the
 * booking is confirmed: the last step is then done too, not merely current. On a phone the labels
 * do not fit four abreast, so one line says "Step 2 of 4: Passengers" above the numbered steps
 * (each keeps its name for screen readers).
 */
export const BookingStepper = memo(function BookingStepper({
  current,
  complete = false,
  clickable,
  onSelect,
}: {
  current: BookingStep;
  complete?: boolean;
  clickable: readonly BookingStep[];
  onSelect: (step: BookingStep) => void;
}) {
  const { t } = useTranslation('booking');
  const currentIndex = bookingSteps.indexOf(current);
  return (
    <nav aria-label={t('steps.label')} className={classes.stepper} data-complete={complete || undefined}>
      <p className={classes.stepProgress} aria-hidden>
        {t('steps.progress', { current: currentIndex + 1, total: bookingSteps.length, label: t(`steps.${current}`) })}
        {complete && ' ✓'}
      </p>
      <ol className={classes.steps}>
        {bookingSteps.map((step, index) => {
          const state = complete || index < currentIndex ? 'done' : index === currentIndex ? 'current' : 'todo';
          const content = (
            <>
              <span className={classes.stepNumber} aria-hidden>
                {state === 'done' ? '✓' : index + 1}
              </span>
              <span className={classes.stepLabel}>
                {t(`steps.${step}`)}
                {state === 'done' && <span className={classes.visuallyHidden}> {t('steps.doneSuffix')}</span>}
              </span>
            </>
          );
          return (
            <li key={step} className={classes.step} data-state={state} aria-current={index === currentIndex ? 'step' : undefined}>
              {clickable.includes(step) && state === 'done' ? (
                <button type="button" className={classes.stepButton} onClick={() => onSelect(step)}>
                  {content}
                </button>
              ) : (
                content
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
});
