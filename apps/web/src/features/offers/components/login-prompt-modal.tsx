import { Button, Divider, Stack, Text } from '@mantine/core';
import { useMounted } from '@mantine/hooks';
import { useTranslation } from '../../../i18n/use-translation';
import { TitledModal } from '../../../components/titled-modal';

interface LoginPromptModalProps {
  opened: boolean;
  onClose: () => void;
  onGuest: () => void;
  onLogin: () => void;
  onSignup: () => void;
}

/**
 * Before booking, a logged-out visitor may log in (the booking is then
 * theirs, listed on the profile) or continue as a guest (the e-mail gets everything needed).
 */
export function LoginPromptModal({ opened, onClose, onGuest, onLogin, onSignup }: LoginPromptModalProps) {
  const { t } = useTranslation('offers');
  // Mounted at the moment it is opened (before the browser was idle: offers-results.tsx), the prompt first
  // renders closed, so it records the "Book" button as where focus goes back to.
  const mounted = useMounted();
  return (
    <TitledModal
      opened={opened && mounted}
      onClose={onClose}
      centered
      zIndex={300}
      title={t('loginPrompt.title')}
      titleSize="lg"
      closeLabel={t('booking.dismiss')}
    >
      <Stack gap="sm">
        <Text>{t('loginPrompt.body')}</Text>
        <Button onClick={onLogin} fullWidth data-autofocus>
          {t('loginPrompt.login')}
        </Button>
        <Button onClick={onSignup} fullWidth variant="light">
          {t('loginPrompt.signup')}
        </Button>
        <Divider
          label={
            <Text span size="sm" c="gray.7">
              {t('loginPrompt.or')}
            </Text>
          }
          labelPosition="center"
        />
        <Button onClick={onGuest} fullWidth variant="outline" color="dark">
          {t('loginPrompt.guest')}
        </Button>
        <Text size="sm" c="gray.7">
          {t('loginPrompt.guestHint')}
        </Text>
      </Stack>
    </TitledModal>
  );
}
