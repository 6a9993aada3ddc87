import classes from './content.module.css';

/** A boxed "important" remark under an answer or at the head of a document. */
export function ImportantNote({ title, children }: { title: string; children: string }) {
  return (
    <div role="note" className={classes.note}>
      <svg
        className={classes.noteIcon}
        width="20"
        height="20"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        aria-hidden="true"
        focusable="false"
      >
        <circle cx="12" cy="12" r="9" />
        <path d="M12 7.5v5.5M12 16.5v.01" />
      </svg>
      <div>
        <strong className={classes.noteTitle}>{title}</strong>
        <p className={classes.noteBody}>{children}</p>
      </div>
    </div>
  );
}
