import { createContext, useCallback, useContext } from 'react';

/**
 * Referral codes are 4-16 upper-case letters and digits with at least one digit (KW2024,
 * AGENT7), so /ABOUT or /hello never pass for one; such paths get the coming-soon page.
 * See docs/decisions/0003-referral-segment.md.
 */
export const REFERRAL_PATTERN = /^(?=[A-Z0-9]*\d)[A-Z0-9]{4,16}$/;
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
