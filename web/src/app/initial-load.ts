import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../lib/api-client.ts';

export const MAX_RETRIES = 3;

/** Wait before retry n (1-based): n seconds (1, 2, 3 s). */
export function retryDelayMs(attempt: number): number {
  return attempt * 1000;
}

/** A client error (4xx other than 408/429) will not change by asking again. */
export function isRetryable(error: unknown): boolean {
  if (error instanceof ApiError && error.kind === 'http') {
    return error.status >= 500 || error.status === 408 || error.status === 429;
  }
  return true;
}

export type LoadErrorMessage =
  | { key: 'error.timeout' }
  | { key: 'error.server'; status: number }
  | { key: 'error.network' }
  | { key: 'error.generic' };

/** Which text follows "Unable to load fragrances. " for this failure. */
export function loadErrorMessage(error: unknown): LoadErrorMessage {
  if (error instanceof ApiError) {
    if (error.kind === 'timeout') return { key: 'error.timeout' };
    if (error.kind === 'http') return { key: 'error.server', status: error.status };
    if (error.kind === 'network') return { key: 'error.network' };
  }
  return { key: 'error.generic' };
}

/**
 * `retryCount` counts the automatic retries of the current attempt; `manualTries` the error screen's
 * Try Again presses, which have their own budget of 3 (so the button is usable when the screen first
 * appears, after the automatic retries).
 */
export type InitialLoadState =
  | { status: 'loading'; retryCount: number; manualTries: number }
  | { status: 'loaded'; retryCount: number; manualTries: number }
  | { status: 'error'; retryCount: number; manualTries: number; error: unknown };

/**
 * Runs the first load: loading, then loaded or error. Failures are retried automatically up to 3
 * times, waiting 1, 2 and 3 s; then the error screen offers Try Again (up to 3 presses, each one
 * attempt) and Refresh Page.
 */
export function useInitialLoad(load: (client: QueryClient) => Promise<void>) {
  const client = useQueryClient();
  const [state, setState] = useState<InitialLoadState>({
    status: 'loading',
    retryCount: 0,
    manualTries: 0,
  });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const alive = useRef(true);

  // Rebuilt each render; it only touches stable values (client, refs, setState).
  const run = useRef<(retryCount: number, manualTries: number) => void>(() => {});
  run.current = (retryCount: number, manualTries: number) => {
    setState({ status: 'loading', retryCount, manualTries });
    clearTimeout(timer.current);
    const go = async () => {
      try {
        await load(client);
        // A transition lets React build the whole main page in short slices, so the page stays
        // responsive (no long task) while the first results render.
        if (alive.current) {
          startTransition(() => setState({ status: 'loaded', retryCount, manualTries }));
        }
      } catch (error) {
        if (!alive.current) return;
        console.error('Initial load failed', error);
        // Automatic retries only on the first attempt; a Try Again press is one attempt.
        if (manualTries === 0 && isRetryable(error) && retryCount < MAX_RETRIES) {
          run.current(retryCount + 1, manualTries);
        } else setState({ status: 'error', retryCount, manualTries, error });
      }
    };
    if (retryCount === 0 || manualTries > 0) void go();
    else timer.current = setTimeout(() => void go(), retryDelayMs(retryCount));
  };

  useEffect(() => {
    alive.current = true;
    run.current(0, 0);
    return () => {
      alive.current = false;
      clearTimeout(timer.current);
    };
  }, []);

  const tryAgain = useCallback(() => {
    if (state.status === 'error' && state.manualTries < MAX_RETRIES) {
      run.current(state.retryCount, state.manualTries + 1);
    }
  }, [state]);

  return { state, tryAgain };
}
