import { useTranslation } from 'react-i18next';
import { bookingSteps, type BookingStep } from '../lib/booking-steps';
import classes from './booking.module.css';

/** SPEC section 2: the booking's steps; only completed ones can be clicked. */
export function BookingStepper({
  current,
  clickable,
  onSelect,
}: {
  current: BookingStep;
  clickable: readonly BookingStep[];
  onSelect: (step: BookingStep) => void;
}) {
  const { t } = useTranslation('booking');
  const currentIndex = bookingSteps.indexOf(current);
  return (
    <nav aria-label={t('steps.label')}>
      <ol className={classes.steps}>
        {bookingSteps.map((step, index) => {
          const state = index < currentIndex ? 'done' : index === currentIndex ? 'current' : 'todo';
          const content = (
            <>
              <span className={classes.stepNumber} aria-hidden>
                {state === 'done' ? '✓' : index + 1}
              </span>
              <span className={classes.stepLabel}>{t(`steps.${step}`)}</span>
            </>
          );
          return (
            <li key={step} className={classes.step} data-state={state} aria-current={state === 'current' ? 'step' : undefined}>
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
}
