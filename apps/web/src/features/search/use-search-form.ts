import { todayIn } from '@kwenda/contracts/rules';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { useLocation, useNavigate } from '../../lib/router';
import { mergeSearchIntoParams, searchFromParams, type SearchState } from '../../lib/search-params';
import { searchReducer, type SearchAction } from './search-form-state';

/**
 * The form's search: read from `initial` or the address on load, and (when `syncAddress`)
 * written back to the address with `replace` as it changes, so reload and back keep it
 * without a history entry per keystroke.
 */
export function useSearchForm({ initial, syncAddress }: { initial?: SearchState; syncAddress: boolean }) {
  const location = useLocation();
  const navigate = useNavigate();
  const [search, dispatchState] = useReducer(
    searchReducer,
    undefined,
    () => initial ?? searchFromParams(new URLSearchParams(location.search)),
  );
  const changedByUser = useRef(false);

  const dispatch = useCallback((action: SearchAction) => {
    changedByUser.current = true;
    dispatchState(action);
  }, []);

  useEffect(() => {
    if (!syncAddress || !changedByUser.current) return;
    const current = new URLSearchParams(window.location.search);
    const next = mergeSearchIntoParams(current, search).toString();
    if (next !== current.toString()) navigate({ search: `?${next}` }, { replace: true, preventScrollReset: true });
  }, [search, syncAddress, navigate]);

  // "Today" is Sudan's today, the day the server checks dates against.
  const today = todayIn();
  return { search, dispatch, today };
}
