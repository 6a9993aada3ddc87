import type { FastifyRequest } from 'fastify';

/** The language a request's messages are written in when it names none: English when the browser asks for it, else Arabic. */
export const languageOf = (request: FastifyRequest): 'ar' | 'en' =>
  /^en\b/i.test(request.headers['accept-language'] ?? '') ? 'en' : 'ar';
