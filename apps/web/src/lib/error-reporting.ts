import type { PublicConfig } from '@kwenda/contracts';
import { useEffect } from 'react';

type SentryBrowser = typeof import('./sentry-browser');

/** Errors caught before the configuration said whether Sentry is on (a few at most). */
let waiting: [error: unknown, componentStack: string | undefined][] | null = [];
let sentry: Promise<SentryBrowser | null> | null = null;

/**
 * Starts Sentry when the deployment has a browser DSN. The SDK is in its own chunk, downloaded only
 * then: without a DSN the home page carries none of it.
 */
export function startErrorReporting(config: PublicConfig['errorReporting']) {
  if (!waiting) return;
  const early = waiting;
  waiting = null;
  if (!config) return;
  sentry = import('./sentry-browser')
    .then((module) => {
      module.initSentry(config);
      for (const [error, componentStack] of early) module.captureReactError(error, componentStack);
      return module;
    })
    .catch(() => null);
}

/** Reports an unexpected error caught by an error boundary; nothing happens without Sentry. */
export function reportError(error: unknown, componentStack?: string) {
  if (waiting) {
    if (waiting.length < 10) waiting.push([error, componentStack]);
    return;
  }
  void sentry?.then((module) => module?.captureReactError(error, componentStack));
}

/** For the layout: starts (or rules out) error reporting once the public configuration is in. */
export function useErrorReporting(config: PublicConfig | undefined) {
  useEffect(() => {
    if (config) startErrorReporting(config.errorReporting);
  }, [config]);
}
