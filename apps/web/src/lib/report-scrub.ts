import type { Breadcrumb, ErrorEvent } from '@sentry/react';

/**
 * What an error report may carry of what people type: nothing. The app never puts a passport number,
 * a birth date or an e-mail address in a message on purpose; this is the net under that rule, for
 * whatever text an error or a log line picks up (an exception message, a console line, a breadcrumb).
 */
const PATTERNS: [RegExp, string][] = [
  // A passport or national ID number: six to twelve letters and digits, five or more of them digits.
  [/\b(?=[A-Za-z0-9]*\d{5})[A-Za-z0-9]{6,12}\b/g, '[document]'],
  [/[^\s@"'<>]+@[^\s@"'<>]+\.[A-Za-z]{2,}/g, '[email]'],
  // A calendar date (a birth date, a passport's issue or expiry).
  [/\b(?:19|20)\d\d-[01]\d-[0-3]\d\b/g, '[date]'],
];

export function scrubText(text: string): string {
  return PATTERNS.reduce((result, [pattern, replacement]) => result.replace(pattern, replacement), text);
}

function scrubValues(data: Record<string, unknown>) {
  for (const [key, value] of Object.entries(data)) if (typeof value === 'string') data[key] = scrubText(value);
}

/** The event as it may leave the browser: messages, exception values and breadcrumbs scrubbed. */
export function scrubEvent(event: ErrorEvent): ErrorEvent {
  if (event.message) event.message = scrubText(event.message);
  for (const exception of event.exception?.values ?? []) if (exception.value) exception.value = scrubText(exception.value);
  for (const breadcrumb of event.breadcrumbs ?? []) scrubBreadcrumb(breadcrumb);
  if (event.extra) scrubValues(event.extra);
  return event;
}

/** A breadcrumb's message and data scrubbed; a console line keeps its level, not its arguments. */
export function scrubBreadcrumb(breadcrumb: Breadcrumb): Breadcrumb {
  if (breadcrumb.message) breadcrumb.message = scrubText(breadcrumb.message);
  if (breadcrumb.category === 'console' && breadcrumb.data) delete breadcrumb.data.arguments;
  if (breadcrumb.data) scrubValues(breadcrumb.data);
  return breadcrumb;
}
