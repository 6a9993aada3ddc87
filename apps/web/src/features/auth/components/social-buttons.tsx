import { Button, Divider, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../i18n/use-translation';
import { API_BASE } from '../../../lib/api-client';
import { usePublicConfigAsRendered } from '../../../lib/public-config';
import classes from './auth.module.css';

function GoogleMark() {
  return (
    <svg viewBox="0 0 48 48" className={classes.socialIcon} aria-hidden="true" focusable="false">
      <path
        fill="#EA4335"
        d="M24 9.5c3.5 0 6.6 1.2 9.1 3.6l6.8-6.8C35.8 2.4 30.3 0 24 0 14.6 0 6.6 5.4 2.7 13.3l7.9 6.1C12.5 13.6 17.8 9.5 24 9.5z"
      />
      <path fill="#4285F4" d="M46.1 24.5c0-1.6-.1-3.1-.4-4.5H24v9h12.4c-.5 2.9-2.2 5.3-4.6 6.9l7.4 5.8c4.3-4 6.9-9.9 6.9-17.2z" />
      <path fill="#FBBC05" d="M10.6 28.6c-.5-1.4-.8-3-.8-4.6s.3-3.2.8-4.6l-7.9-6.1C1 16.6 0 20.2 0 24s1 7.4 2.7 10.7l7.9-6.1z" />
      <path
        fill="#34A853"
        d="M24 48c6.5 0 11.9-2.1 15.9-5.8l-7.4-5.8c-2.1 1.4-4.8 2.2-8.5 2.2-6.2 0-11.5-4.1-13.4-9.8l-7.9 6.1C6.6 42.6 14.6 48 24 48z"
      />
    </svg>
  );
}

function FacebookMark() {
  return (
    <svg viewBox="0 0 24 24" className={classes.socialIcon} aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="12" fill="#1877F2" />
      <path
        fill="#fff"
        d="M15.1 12.9l.4-2.9h-2.8V8.2c0-.8.4-1.6 1.7-1.6h1.3V4.2s-1.2-.2-2.3-.2c-2.3 0-3.9 1.4-3.9 4v2H7v2.9h2.5V20h3.2v-7.1h2.4z"
      />
    </svg>
  );
}

/**
 * Google and Facebook buttons, shown only for the providers the agency configured
 * (GET /config). Each is a plain link to the server, which runs the OAuth flow (PKCE and state)
 * and brings the visitor back to /login with a one-time ticket.
 */
export function SocialButtons({ returnTo }: { returnTo: string | null }) {
  const { t } = useTranslation('auth');
  // The log-in page is prerendered: it hydrates with the config it was rendered with.
  const { data: config } = usePublicConfigAsRendered();
  const providers = config?.socialProviders ?? [];
  if (providers.length === 0) return null;
  const href = (provider: string) =>
    `${API_BASE}/auth/social/${provider}/start${returnTo ? `?returnTo=${encodeURIComponent(returnTo)}` : ''}`;
  return (
    <Stack gap="sm">
      <Divider
        label={
          <Text span size="sm" c="gray.7">
            {t('social.or')}
          </Text>
        }
        labelPosition="center"
      />
      {providers.includes('google') && (
        <Button component="a" href={href('google')} variant="default" leftSection={<GoogleMark />} fullWidth>
          {t('social.google')}
        </Button>
      )}
      {providers.includes('facebook') && (
        <Button component="a" href={href('facebook')} variant="default" leftSection={<FacebookMark />} fullWidth>
          {t('social.facebook')}
        </Button>
      )}
    </Stack>
  );
}
