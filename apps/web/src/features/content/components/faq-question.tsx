import { IconChevronDown } from '../../../components/icons';
import type { FaqEntry } from '../lib/faq-catalog';
import shared from './content.module.css';
import classes from './faq-question.module.css';
import { ImportantNote } from './important-note';

export interface FaqQuestionProps {
  /** Unique on the page: the button and the answer take their ids from it. */
  domId: string;
  entry: FaqEntry;
  open: boolean;
  importantLabel: string;
  onToggle: () => void;
}

/** One question: a disclosure button (aria-expanded, aria-controls) over its answer. */
export function FaqQuestion({ domId, entry, open, importantLabel, onToggle }: FaqQuestionProps) {
  const buttonId = `${domId}-question`;
  const answerId = `${domId}-answer`;
  const points = entry.points ? Object.values(entry.points) : [];
  return (
    <div className={classes.item} data-open={open || undefined}>
      <h2 className={classes.heading}>
        <button
          type="button"
          id={buttonId}
          className={classes.button}
          aria-expanded={open}
          aria-controls={answerId}
          onClick={onToggle}
        >
          <span>{entry.q}</span>
          <IconChevronDown size={20} className={classes.chevron} />
        </button>
      </h2>
      <div id={answerId} role="region" aria-labelledby={buttonId} hidden={!open} className={classes.answer}>
        <div className={shared.prose}>
          <p>{entry.a}</p>
          {points.length ? (
            <ul className={shared.list}>
              {points.map((point) => (
                <li key={point}>{point}</li>
              ))}
            </ul>
          ) : null}
          {entry.note ? <ImportantNote title={importantLabel}>{entry.note}</ImportantNote> : null}
        </div>
      </div>
    </div>
  );
}
