import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

function RouteErrorMessage() {
  const { t } = useTranslation();
  return (
    <Container size="sm" py="xl">
      <Stack align="center" gap="md" role="alert">
        <Title order={1}>{t('routeError.title')}</Title>
        <Text>{t('routeError.body')}</Text>
        <Button onClick={() => window.location.reload()}>{t('routeError.reload')}</Button>
      </Stack>
    </Container>
  );
}

/**
 * A page that fails to load (its lazy chunk could not be downloaded, say offline or after a
 * deploy) or throws while rendering shows a way out instead of a blank screen. `resetKey`
 * (the path) clears the error when the visitor navigates elsewhere.
 */
export class RouteErrorBoundary extends Component<{ children: ReactNode; resetKey: string }, { failedAt: string | null }> {
  override state = { failedAt: null as string | null };

  static getDerivedStateFromError() {
    return { failedAt: '' };
  }

  override componentDidCatch() {
    this.setState({ failedAt: this.props.resetKey });
  }

  override componentDidUpdate(previous: { resetKey: string }) {
    if (this.state.failedAt !== null && previous.resetKey !== this.props.resetKey) this.setState({ failedAt: null });
  }

  override render() {
    return this.state.failedAt === null ? this.props.children : <RouteErrorMessage />;
  }
}
