import type { ApiError, FieldError } from '@kwenda/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../errors.js';
import type { ErrorReporter } from './error-reporter.js';

const fastifyCodes: Record<string, { status: number; code: ApiError['code']; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'INVALID_JSON', message: 'The request body is not valid JSON' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'INVALID_JSON', message: 'The request body is empty; JSON was expected' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'Send the request body as application/json',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    code: 'INVALID_JSON',
    message: 'The Content-Length header does not match the body',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large' },
};

function zodFields(error: {
  validation: { instancePath: string; keyword: string; message?: string; params: Record<string, unknown> }[];
  validationContext?: string;
}): FieldError[] {
  return error.validation.map((issue) => {
    const nested = issue.params.params as { code?: string } | undefined;
    const path = issue.instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.');
    return {
      path: path || (error.validationContext ?? 'body'),
      code: nested?.code ?? issue.keyword,
      message: issue.message ?? 'Invalid value',
    };
  });
}

/**
 * Every failure leaves as { code, message, fields?, requestId }. 4xx answers say what was
 * wrong; 5xx answers never carry internals, which go to the log with the request id (and to
 * the error reporter when one is configured).
 */
export function registerErrorHandler(app: FastifyInstance, reporter?: Pick<ErrorReporter, 'capture'>) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    let status = 500;
    let body: ApiError;
    if (error instanceof AppError) {
      status = error.statusCode;
      body = { ...error.extra, code: error.code, message: error.message, fields: error.fields };
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      status = 400;
      const fields = zodFields(error);
      body = {
        code: 'VALIDATION_ERROR',
        message: `Invalid input: ${fields.map((f) => `${f.path}: ${f.message}`).join('; ')}`,
        fields,
      };
    } else if (error.code && fastifyCodes[error.code]) {
      const known = fastifyCodes[error.code]!;
      status = known.status;
      body = { code: known.code, message: known.message };
    } else if (error.statusCode === 429) {
      status = 429;
      body = { code: 'RATE_LIMITED', message: 'Too many requests; please wait a moment and try again' };
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      status = error.statusCode;
      body = { code: 'VALIDATION_ERROR', message: error.message };
    } else {
      body = { code: 'INTERNAL_ERROR', message: 'Unexpected error; please try again shortly' };
    }
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      reporter?.capture(error, { requestId: request.id, method: request.method, route: request.routeOptions.url, status });
    } else request.log.info({ code: body.code, status }, 'request rejected');
    return reply.status(status).send({ ...body, requestId: request.id });
  });
}
