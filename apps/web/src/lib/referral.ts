import { REFERRAL_CODE_PATTERN } from '@kwenda/contracts/rules';
import { createContext, useCallback, useContext } from 'react';

/** The shape of a referral code, shared with the server that answers 404 for other paths. */
export const REFERRAL_PATTERN = REFERRAL_CODE_PATTERN;
export const REFERRAL_STORAGE_KEY = 'kwenda.referralCode';

export function isReferralCode(value: string | undefined): value is string {
  return !!value && REFERRAL_PATTERN.test(value);
}

export function rememberReferral(code: string) {
  window.localStorage.setItem(REFERRAL_STORAGE_KEY, code);
}

export function storedReferral(): string | null {
  return window.localStorage.getItem(REFERRAL_STORAGE_KEY);
}

export const ReferralContext = createContext<string | null>(null);

/** Builds in-app paths that keep the referral segment the visitor arrived with. */
export function useAppPath() {
  const referral = useContext(ReferralContext);
  return useCallback(
    (path: string) => {
      const clean = path.startsWith('/') ? path : `/${path}`;
      return referral ? `/${referral}${clean === '/' ? '' : clean}` : clean;
    },
    [referral],
  );
}
