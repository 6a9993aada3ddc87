import { useCallback } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { useNavigate, useSearchParams } from '../../../lib/router';
import { createBooking } from '../../../lib/create-booking';
import { takePendingBooking } from '../../../lib/pending-booking';
import { useAppPath } from '../../../lib/referral';
import { readSession } from '../../../lib/session';
import { searchToParams } from '../../../lib/search-params';
import { safeReturnTo } from './return-to';

/**
 * After logging in, a booking the visitor wanted before logging in is created
 * (now theirs) and opened; else the page they came from; else home with a welcome message.
 */
export function useAfterLogin() {
  const navigate = useNavigate();
  const appPath = useAppPath();
  const [params] = useSearchParams();
  const { t } = useTranslation('auth');

  return useCallback(
    async (fullName: string, returnTo: string | null = params.get('return_to')) => {
      const pending = takePendingBooking();
      if (pending) {
        try {
          const id = await createBooking(pending.request);
          void navigate(appPath(`/booking/${id}`), {
            replace: true,
            state: pending.search ? { search: pending.search } : undefined,
          });
        } catch {
          // The offer went while logging in: back to the same search, where the visitor picks again.
          const to = pending.search ? `/offers?${searchToParams(pending.search).toString()}` : '/';
          void navigate(appPath(to), { replace: true });
        }
        return;
      }
      const target = safeReturnTo(returnTo);
      const home = appPath('/');
      // Back home (the social flow's default return) is welcomed like no return at all.
      if (target && target !== '/' && target !== home) void navigate(target, { replace: true });
      else {
        // Whose welcome it is: the home page shows it only while this same person is signed in, so Back
        // after a log-out never greets the previous traveller by name.
        const welcome = { welcome: t('welcome', { name: fullName }), userId: readSession()?.user.id };
        void navigate(home, { replace: true, state: welcome });
      }
    },
    [navigate, appPath, params, t],
  );
}
