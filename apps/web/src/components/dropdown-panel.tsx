import { useClickOutside } from '@mantine/hooks';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import classes from './dropdown-panel.module.css';

export interface DropdownTriggerProps {
  'aria-expanded': boolean;
  'aria-controls': string;
  'aria-haspopup': 'dialog';
  onClick: () => void;
}

export interface DropdownPanelProps {
  opened: boolean;
  onToggle: (opened: boolean) => void;
  /** The accessible name of the panel (a non-modal dialog). */
  label: string;
  /** Renders the button that opens the panel; spread the given props on it. */
  trigger: (props: DropdownTriggerProps) => ReactNode;
  /** Which edge of the trigger the panel lines up with, in reading direction. */
  align?: 'start' | 'end';
  /** The content; as a function it gets `close`, which also gives focus back to the trigger. */
  children: ReactNode | ((close: () => void) => ReactNode);
}

/**
 * A panel that opens under its button, without a positioning library: it sits in the
 * normal flow's stacking context, lines up with a logical edge (so RTL needs nothing),
 * closes on Escape, on a click outside and when focus leaves it.
 */
export function DropdownPanel({ opened, onToggle, label, trigger, align = 'start', children }: DropdownPanelProps) {
  const id = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const rootRef = useClickOutside<HTMLDivElement>(() => opened && onToggle(false));

  useEffect(() => {
    if (opened) panelRef.current?.focus();
  }, [opened]);

  const closeAndReturn = () => {
    onToggle(false);
    rootRef.current?.querySelector<HTMLElement>(`[aria-controls="${CSS.escape(id)}"]`)?.focus();
  };

  return (
    <div
      ref={rootRef}
      className={classes.root}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && opened) {
          event.stopPropagation();
          closeAndReturn();
        }
      }}
      onBlur={(event) => {
        if (opened && event.relatedTarget instanceof Node && !event.currentTarget.contains(event.relatedTarget)) onToggle(false);
      }}
    >
      {trigger({ 'aria-expanded': opened, 'aria-controls': id, 'aria-haspopup': 'dialog', onClick: () => onToggle(!opened) })}
      <div
        ref={panelRef}
        id={id}
        role="dialog"
        aria-label={label}
        tabIndex={-1}
        hidden={!opened}
        className={classes.panel}
        data-align={align}
      >
        {opened ? (typeof children === 'function' ? children(closeAndReturn) : children) : null}
      </div>
    </div>
  );
}
