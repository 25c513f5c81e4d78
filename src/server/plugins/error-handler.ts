/**
 * One place turns every failure into an answer: AppError by its code, zod failures into 400 with
 * the spec's message (the first issue), Fastify's own 4xx as they are, and anything else into a
 * generic 500 whose details stay in the log under the request id.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '@/server/lib/app-error';
import type { ErrorCode } from '@/shared/error-codes';

const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Request body must not be empty',
  FST_ERR_CTP_INVALID_JSON_BODY: 'Request body is not valid JSON',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Invalid content length',
};

/** Fastify's own refusals (body too large, wrong content type…) answer with our code for their status. */
const CODE_BY_STATUS: Record<number, ErrorCode> = {
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.retryAfterSeconds) reply.header('retry-after', String(error.retryAfterSeconds));
      if (error.statusCode >= 500) request.log.error({ err: error }, error.message);
      return reply.status(error.statusCode).send({ success: false, error: error.message, code: error.code, ...error.extra });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      return reply.status(400).send({ success: false, error: first?.message ?? 'Invalid request', code: 'BAD_REQUEST' });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
      return reply.status(500).send({ success: false, error: 'Internal server error', code: 'INTERNAL' });
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      const message =
        (error.code && FASTIFY_MESSAGES[error.code]) ||
        (error.name === 'SyntaxError' ? 'Request body is not valid JSON' : error.message);
      return reply.status(status).send({ success: false, error: message, code: CODE_BY_STATUS[status] ?? 'BAD_REQUEST' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ success: false, error: 'Internal server error', code: 'INTERNAL' });
  });
}
