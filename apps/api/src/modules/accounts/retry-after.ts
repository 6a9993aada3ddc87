import type { FastifyReply } from 'fastify';
import { AppError } from '../../errors.js';

/** Runs a route's work; a refusal that says when to try again (429 RESEND_TOO_SOON) also says it in Retry-After. */
export async function withRetryAfter<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const seconds = error instanceof AppError ? error.extra?.retryAfterSeconds : undefined;
    if (typeof seconds === 'number') reply.header('retry-after', String(seconds));
    throw error;
  }
}
