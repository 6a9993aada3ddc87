import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { logout } from '../../lib/logout';
import { useAppPath } from '../../lib/referral';

/** The header's and mobile menu's logout: ends the session, then the logout_success page. */
export function useLogoutAction() {
  const navigate = useNavigate();
  const appPath = useAppPath();
  const [pending, setPending] = useState(false);
  const run = useCallback(async () => {
    setPending(true);
    try {
      await logout();
    } finally {
      setPending(false);
    }
    void navigate(appPath('/logout_success'), { replace: true });
  }, [navigate, appPath]);
  return { logout: run, pending };
}
