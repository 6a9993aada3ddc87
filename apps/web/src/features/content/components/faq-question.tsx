import type { MouseEvent } from 'react';
import { IconChevronDown } from '../../../components/icons';
import type { FaqEntry } from '../lib/faq-catalog';
import shared from './content.module.css';
import classes from './faq-question.module.css';
import { ImportantNote } from './important-note';

export interface FaqQuestionProps {
  /** Unique on the page: the question and the answer take their ids from it. */
  domId: string;
  /** Questions sharing a group open one at a time, even before (or without) the script. */
  group: string;
  entry: FaqEntry;
  open: boolean;
  importantLabel: string;
  onToggle: () => void;
}

/**
 * One question: a <details> whose <summary> opens its answer, so answers open without JavaScript
 * too. With it, the page decides which one is open (the address keeps it): the summary's own
 * toggle is cancelled and `open` follows the page.
 */
export function FaqQuestion({ domId, group, entry, open, importantLabel, onToggle }: FaqQuestionProps) {
  const questionId = `${domId}-question`;
  const points = entry.points ? Object.values(entry.points) : [];
  const toggle = (event: MouseEvent) => {
    event.preventDefault();
    onToggle();
  };
  return (
    <details id={domId} name={group} open={open} className={classes.item}>
      <summary id={questionId} className={classes.question} onClick={toggle}>
        <span>{entry.q}</span>
        <IconChevronDown size={20} className={classes.chevron} />
      </summary>
      <div id={`${domId}-answer`} role="region" aria-labelledby={questionId} className={classes.answer}>
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
    </details>
  );
}
