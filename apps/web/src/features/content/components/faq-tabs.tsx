import { useRef, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import classes from './faq-tabs.module.css';

export interface FaqTabsProps<T extends string> {
  /** The tab list's accessible name. */
  label: string;
  tabs: readonly T[];
  selected: T;
  titleOf: (tab: T) => string;
  /** The address of a tab, which its link opens without JavaScript (the server renders the page for it). */
  hrefOf: (tab: T) => string;
  onSelect: (tab: T) => void;
  /** The selected tab's panel. */
  children: ReactNode;
}

const followsLink = (event: MouseEvent) => event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0;

/**
 * Tabs whose tabs are links (?tab=payment): without JavaScript a tap opens the page for that tab;
 * with it they switch in place and follow the WAI-ARIA tabs pattern (one tab stop, arrow keys that
 * mirror in right-to-left, Home and End), selecting as focus moves.
 */
export function FaqTabs<T extends string>({ label, tabs, selected, titleOf, hrefOf, onSelect, children }: FaqTabsProps<T>) {
  const list = useRef<HTMLDivElement>(null);
  const idOf = (tab: T) => `faq-tab-${tab}`;

  const move = (event: KeyboardEvent) => {
    const index = tabs.indexOf(selected);
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const step = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1 }[event.key];
    const next =
      event.key === 'Home' ? 0 : event.key === 'End' ? tabs.length - 1 : step ? (index + step + tabs.length) % tabs.length : -1;
    if (next < 0) return;
    event.preventDefault();
    onSelect(tabs[next]!);
    list.current?.querySelector<HTMLElement>(`#${idOf(tabs[next]!)}`)?.focus();
  };

  return (
    <>
      <div ref={list} role="tablist" aria-label={label} className={classes.list} onKeyDown={move}>
        {tabs.map((tab) => {
          const active = tab === selected;
          return (
            <a
              key={tab}
              id={idOf(tab)}
              role="tab"
              href={hrefOf(tab)}
              aria-selected={active}
              aria-controls="faq-panel"
              tabIndex={active ? 0 : -1}
              data-active={active || undefined}
              className={classes.tab}
              onClick={(event) => {
                if (followsLink(event)) return;
                event.preventDefault();
                onSelect(tab);
              }}
            >
              {titleOf(tab)}
            </a>
          );
        })}
      </div>
      <div id="faq-panel" role="tabpanel" aria-labelledby={idOf(selected)} className={classes.panel}>
        {children}
      </div>
    </>
  );
}
