import type { FieldError, SearchFilters } from '@kwenda/contracts';
import { checkSearchRules, fieldErrorCodes } from '@kwenda/contracts/rules';
import { toOfferFilters, type SearchState } from '../../lib/search-params';

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
 * The shared rules of SPEC section 5 (contracts' checkSearchRules, the same the server runs)
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
