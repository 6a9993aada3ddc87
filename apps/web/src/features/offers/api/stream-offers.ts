import type { OfferRequestInput, OfferSearchResult, OfferStreamEvent } from '@kwenda/contracts';
import { API_BASE, ApiRequestError } from '../../../lib/api-client';
import { warmContractWorker } from '../../../lib/contract-worker';
import { authorizationHeader } from '../../../lib/session';
import { readNdjson } from '../lib/read-ndjson';
import { offerStreamEventContract } from './offers-contract';
import type { StreamProgress } from './offers-stream-progress';

/** The stream could not be read (no streaming fetch, a proxy that broke it): POST /offers/request can still answer. */
export class StreamUnavailableError extends Error {
  override name = 'StreamUnavailableError';
}

/** Whether this browser can read an answer as it arrives (fetch with a ReadableStream body). */
export const canStreamFetch = () =>
  typeof ReadableStream === 'function' &&
  typeof TextDecoder === 'function' &&
  typeof Response === 'function' &&
  'body' in Response.prototype;

/**
 * POST /offers/stream: page 1 of the search, `onProgress` told of each batch as it arrives. Resolves
 * with the complete event's result. Each line is shown as sent and parsed with its contract in the
 * background, in order, in a worker (offers-contract.ts, lib/contract-worker.ts); the complete event's
 * result is returned as parsed. A line the contract refuses breaks the stream, as one that is not
 * JSON does. Throws ApiRequestError for what the server refused (bad input) or
 * reported (the supplier failed): asking again the other way would not help. Throws
 * StreamUnavailableError when the stream itself failed: the caller asks /offers/request instead.
 */
export async function streamOffers(
  body: OfferRequestInput,
  { signal, onProgress }: { signal?: AbortSignal; onProgress: (progress: StreamProgress) => void },
): Promise<{ result: OfferSearchResult; timedOut: boolean }> {
  if (!canStreamFetch()) throw new StreamUnavailableError('This browser cannot read a streamed answer');
  let response: Response;
  try {
    response = await fetch(`${API_BASE}/offers/stream`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/x-ndjson', ...authorizationHeader() },
      body: JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new StreamUnavailableError('The stream could not be opened');
  }
  if (response.status >= 400 && response.status < 500) {
    const { apiErrorSchema } = await import('@kwenda/contracts/reference');
    const json: unknown = await response.json().catch(() => null);
    const parsed = apiErrorSchema.safeParse(json);
    throw new ApiRequestError(response.status, parsed.success ? parsed.data : null, json);
  }
  if (!response.ok || !response.body || !response.headers.get('content-type')?.startsWith('application/x-ndjson'))
    throw new StreamUnavailableError(`The stream answered ${response.status}`);

  // The worker that parses the lines starts now, rather than with the first line.
  warmContractWorker();
  // Each line's parse waits for the one before: a refused line fails every parse after it.
  let parsed: Promise<unknown> = Promise.resolve();
  let refusal: { error: unknown } | undefined;
  const parse = (line: unknown): Promise<OfferStreamEvent> => {
    const event = parsed.then(() => offerStreamEventContract.parseAsync(line));
    event.catch((error: unknown) => void (refusal ??= { error }));
    parsed = event;
    return event;
  };
  let progress: StreamProgress = { receivedOffers: 0, remainingBatches: 0, totalBatches: 0, result: null };
  try {
    for await (const line of readNdjson(response.body)) {
      if (refusal) throw refusal.error;
      const checked = parse(line);
      const sent = line as OfferStreamEvent | null;
      switch (sent?.type) {
        case 'progress': {
          const { type: _type, ...counts } = sent;
          onProgress((progress = { ...progress, ...counts }));
          break;
        }
        case 'offers':
          onProgress((progress = { ...progress, result: sent.result }));
          break;
        default: {
          // The end of the search (or a line of no known type, refused): everything read is parsed first.
          const event = await checked;
          if (event.type === 'complete') return { result: event.result, timedOut: event.timedOut };
          if (event.type === 'error') throw new ApiRequestError(503, { code: event.error.code, message: event.error.message });
        }
      }
    }
    // Ended early: a refused line says more than "ended".
    await parsed;
  } catch (error) {
    if (error instanceof ApiRequestError) throw error;
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    if (signal?.aborted) throw signal.reason;
    throw new StreamUnavailableError(`The stream broke: ${(error as Error).message}`);
  }
  throw new StreamUnavailableError('The stream ended before the search did');
}
