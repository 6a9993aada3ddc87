import { Button, Container } from '@mantine/core';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { Link } from '../lib/router';
import { reportError } from '../lib/error-reporting';
import { retryFailedDownloads } from '../lib/retryable-lazy';
import { useAppPath } from '../lib/referral';
import classes from './route-error-boundary.module.css';

type Failure = 'load' | 'unexpected';

/** A page's code that could not be downloaded (offline, or a deploy replaced it): not a bug to report. */
function isLoadFailure(error: unknown): boolean {
  return (
    error instanceof Error &&
    (error.name === 'ChunkLoadError' ||
      /dynamically imported module|Importing a module script failed|error loading dynamically imported module/i.test(
        error.message,
      ))
  );
}

function RouteErrorMessage({ failure, onRetry }: { failure: Failure; onRetry: () => void }) {
  const { t } = useTranslation();
  const appPath = useAppPath();
  return (
    <Container size="sm" py="xl">
      <div role="alert" className={classes.message}>
        <h1 className={classes.title}>{t(failure === 'load' ? 'routeError.title' : 'routeError.unexpectedTitle')}</h1>
        <p className={classes.body}>{t(failure === 'load' ? 'routeError.body' : 'routeError.unexpectedBody')}</p>
        <div className={classes.actions}>
          {/* A page whose code failed to download downloads it again in place (lib/retryable-lazy.tsx): a real
              reload while offline would lose the whole site. */}
          <Button onClick={failure === 'load' ? onRetry : () => window.location.reload()}>{t('routeError.reload')}</Button>
          <Button component={Link} to={appPath('/')} variant="default">
            {t('routeError.home')}
          </Button>
        </div>
      </div>
    </Container>
  );
}

/**
 * A page that fails to load (its lazy chunk could not be downloaded, say offline or after a
 * deploy) or throws while rendering shows a way out instead of a blank screen: reload, or back
 * home. Unexpected errors are reported (to Sentry when configured). `resetKey` (the path) clears
 * the error when the visitor navigates elsewhere. A download that failed is tried again on "try
 * again", and by itself when the browser comes back online.
 */
export class RouteErrorBoundary extends Component<
  { children: ReactNode; resetKey: string },
  { failedAt: string | null; failure: Failure }
> {
  override state = { failedAt: null as string | null, failure: 'unexpected' as Failure };

  static getDerivedStateFromError(error: unknown): { failedAt: string; failure: Failure } {
    return { failedAt: '', failure: isLoadFailure(error) ? 'load' : 'unexpected' };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    this.setState({ failedAt: this.props.resetKey });
    if (!isLoadFailure(error)) reportError(error, info.componentStack ?? undefined);
  }

  override componentDidUpdate(previous: { resetKey: string }) {
    if (this.state.failedAt !== null && previous.resetKey !== this.props.resetKey) this.setState({ failedAt: null });
  }

  override componentDidMount() {
    addEventListener('online', this.retryLoad);
  }

  override componentWillUnmount() {
    removeEventListener('online', this.retryLoad);
  }

  /** Renders the page again: its lazy code, having failed, downloads anew. */
  retry = () => {
    retryFailedDownloads();
    this.setState({ failedAt: null });
  };

  retryLoad = () => this.state.failure === 'load' && this.retry();

  override render() {
    return this.state.failedAt === null ? (
      this.props.children
    ) : (
      <RouteErrorMessage failure={this.state.failure} onRetry={this.retry} />
    );
  }
}
