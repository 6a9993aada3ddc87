import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from '../../lib/router';
import { useAppPath } from '../../lib/referral';

/**
 * Logout's code (with the passenger drafts it clears) is not in every page's first script: it loads
 * once a session is there, so a logout offline or on a weak connection does not wait for it.
 */
const loadLogout = () => import('../../lib/logout');

/** The header's and mobile menu's logout: ends the session, then the logout_success page. */
export function useLogoutAction(signedIn: boolean) {
  const navigate = useNavigate();
  const appPath = useAppPath();
  const [pending, setPending] = useState(false);
  useEffect(() => {
    if (signedIn) loadLogout().catch(() => {}); // the click retries
  }, [signedIn]);
  const run = useCallback(async () => {
    setPending(true);
    try {
      await (await loadLogout()).logout();
    } finally {
      setPending(false);
    }
    void navigate(appPath('/logout_success'), { replace: true });
  }, [navigate, appPath]);
  return { logout: run, pending };
}
