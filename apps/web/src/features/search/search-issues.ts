import type { FieldError, SearchFilters } from '@kwenda/contracts';
import { checkSearchRules, fieldErrorCodes } from '@kwenda/contracts/rules';
import { toOfferFilters, type SearchState } from '../../lib/search-params';
import type { SearchAction } from './search-form-state';

/** A problem with one part of the search: `path` is dotted like the server's (`slices.1.departureDate`). */
export interface SearchIssue {
  path: string;
  code: string;
}

/** Missing values are not errors while the traveller fills the form: the submit button waits for them. */
const WAITING_CODES = new Set<string>(['required', fieldErrorCodes.returnRequired, fieldErrorCodes.legsRequired]);

function valueAt(root: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>(
      (node, key) => (node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined),
      root,
    );
}

/**
 * The search form's shared rules (contracts' checkSearchRules, the same the server runs)
 * applied to what is on screen, leaving out fields still empty. Any issue blocks the search.
 */
export function searchIssues(search: SearchState, today: string): SearchIssue[] {
  const filters = toOfferFilters(search);
  // The form holds empty strings where the contract has optional values; the rules only read them.
  return checkSearchRules(filters as SearchFilters, today)
    .map((issue) => ({ path: issue.path.join('.'), code: issue.code }))
    .filter((issue) => !WAITING_CODES.has(issue.code))
    .filter((issue) => {
      const value = valueAt(filters, issue.path);
      return value === undefined || typeof value === 'object' || (value !== '' && value !== null);
    });
}

/** Server field errors use paths under the request body (`filters.departureDate`); the form's paths do not. */
export function serverIssues(fields: readonly FieldError[] | undefined): SearchIssue[] {
  return (fields ?? []).map((field) => ({ path: field.path.replace(/^filters\./, ''), code: field.code }));
}

/** Field codes the errors catalogue translates; anything else shows the generic message. */
const KNOWN_CODES = new Set<string>([...Object.values(fieldErrorCodes), 'required']);

export function issueMessageKey(code: string) {
  return `fields.${KNOWN_CODES.has(code) ? code : 'invalid'}` as `fields.${(typeof fieldErrorCodes)[keyof typeof fieldErrorCodes] | 'required' | 'invalid'}`;
}

/** Issues of one field, local first and without repeating the same code. */
export function issuesAt(issues: readonly SearchIssue[], path: string): SearchIssue[] {
  const seen = new Set<string>();
  return issues.filter((issue) => issue.path === path && !seen.has(issue.code) && seen.add(issue.code));
}

/**
 * What the traveller has acted on, as keys that survive legs being added and removed: a trip field
 * (`departureDate`), a leg's field by the leg's id (`leg-x.departureDate`), `passengers`, `baggage`.
 */
export type TouchedFields = ReadonlySet<string>;

/** The keys of the fields an action changes. Choosing a trip type, cabin or direct-only touches none. */
export function touchedBy(action: SearchAction): string[] {
  switch (action.type) {
    case 'field':
      return [action.field];
    case 'swap':
      return ['departureStation', 'destinationStation'];
    case 'leg':
      return Object.keys(action.patch).map((field) => `${action.id}.${field}`);
    case 'swapLeg':
      return [`${action.id}.departureStation`, `${action.id}.destinationStation`];
    case 'count':
      return [action.key === 'hold' || action.key === 'carryOn' ? 'baggage' : 'passengers'];
    default:
      return [];
  }
}

/** The touch key of a field path (`slices.1.departureDate` -> `leg-x.departureDate`). */
export function touchKey(path: string, search: SearchState): string {
  const leg = /^slices\.(\d+)\.(\w+)$/.exec(path);
  if (leg) return `${search.slices[Number(leg[1])]?.id ?? ''}.${leg[2]}`;
  const group = /^(passengers|baggage)\b/.exec(path);
  return group ? group[1]! : path;
}

/** The fields whose change can break the rule found at `path`: the return date breaks with the departure too. */
function causesOf(path: string, search: SearchState): string[] {
  const own = touchKey(path, search);
  const leg = /^slices\.(\d+)\.(\w+)$/.exec(path);
  if (leg) {
    const index = Number(leg[1]);
    if (leg[2] === 'destinationStation') return [own, touchKey(`slices.${index}.departureStation`, search)];
    if (leg[2] === 'departureDate' && index > 0) return [own, touchKey(`slices.${index - 1}.departureDate`, search)];
    return [own];
  }
  if (path === 'destinationStation') return [own, 'departureStation'];
  if (path === 'returnDate') return [own, 'departureDate'];
  return [own];
}

/**
 * The issues to show: a field's problem appears once the traveller has acted on that field (or on one
 * that broke it, like the departure for the return date), and every problem once they try to search.
 * A form just opened, or a trip type just switched, shows no red.
 */
export function visibleIssues(
  issues: readonly SearchIssue[],
  search: SearchState,
  touched: TouchedFields,
  submitted: boolean,
): SearchIssue[] {
  if (submitted) return [...issues];
  return issues.filter((issue) => causesOf(issue.path, search).some((key) => touched.has(key)));
}
