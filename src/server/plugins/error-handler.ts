/**
 * One place turns every failure into an answer: AppError by its code, zod failures into 400 with
 * the spec's message (the first issue), Fastify's own 4xx with our code for their status, and
 * anything else into a generic 500 whose details stay in the log under the request id.
 *
 * Every refusal has the one shape `{success: false, error, code}`, the framework's too: the
 * router's (a path parameter too long, a URL that does not decode) come here through
 * `frameworkErrors`, the HTTP parser's (a malformed request, headers too large) through
 * `clientErrorHandler`, and a request arriving while the server shuts down through the hook
 * below. No answer repeats the request's URL, headers or body: the framework's messages do
 * (a content type, a path), so they are replaced by texts of our own.
 *
 * A refusal about one input adds `field`, naming it (a schema's failing path, or what the service
 * passed to `badRequest`), so that a form places the text without reading it.
 *
 * The text is written in English where the refusal is made, and answered in the request's
 * language by the translator the app gives (`translateRefusals`); the code and the field stay.
 */
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, fieldOfPath } from '@/server/lib/app-error';
import type { ErrorCode } from '@/shared/error-codes';

/** Puts a refusal's English text in the language the request is answered in (the text itself when none). */
export type RefusalTranslator = (request: FastifyRequest, text: string) => string;

declare module 'fastify' {
  interface FastifyInstance {
    /** Set by `translateRefusals`; without it (an app without catalogues) refusals stay in English. */
    translateRefusal?: RefusalTranslator;
  }
}

const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Request body must not be empty',
  FST_ERR_CTP_INVALID_JSON_BODY: 'Request body is not valid JSON',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Invalid content length',
  FST_ERR_BAD_URL: 'The address could not be read',
  FST_ERR_MAX_PARAM_LENGTH: 'The address is too long',
};

/** Fastify's own refusals (body too large, wrong content type…) answer with our code for their status. */
const CODE_BY_STATUS: Record<number, ErrorCode> = {
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  408: 'REQUEST_TIMEOUT',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  414: 'URI_TOO_LONG',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  431: 'HEADERS_TOO_LARGE',
};

/** What a framework refusal without a text of ours says: never its own message, which may quote the request. */
const GENERIC_BY_STATUS: Record<number, string> = {
  404: 'Not found',
  408: 'The request took too long to arrive',
  413: 'Request body is too large',
  414: 'The address is too long',
  415: 'Unsupported content type',
  431: 'Request headers are too large',
};

/**
 * Sends a refusal as it is: a route's response schema describes its own answers (health's 503 is
 * `{status}`), and judged by it a refusal became Fastify's serialization 500 in another shape.
 */
function refuse(reply: FastifyReply, status: number, body: Record<string, unknown>) {
  return reply
    .status(status)
    .type('application/json; charset=utf-8')
    .serializer((payload: unknown) => JSON.stringify(payload))
    .send(body);
}

/**
 * The `field` of a schema refusal: the failing issue's path, dotted, when it lies in what the
 * caller typed (the body or the query). A path parameter is the resource's address and a header
 * no form's input, and an issue on the whole body (a rule across fields) has no one field.
 */
function inputField(context: string | undefined, instancePath: string | undefined): string | undefined {
  if ((context !== 'body' && context !== 'querystring') || !instancePath) return undefined;
  return fieldOfPath(instancePath.split('/').filter(Boolean));
}

/**
 * A refusal's text in the request's language. A translation that fails (a broken override, say)
 * must not turn a refusal into a 500: the English text is answered then.
 */
export function refusalText(request: FastifyRequest, message: string): string {
  const translate = request.server.translateRefusal;
  if (!translate) return message;
  try {
    return translate(request, message);
  } catch (error) {
    request.log.warn({ err: error }, 'translating a refusal failed; answering it in English');
    return message;
  }
}

/** Gives the app's refusals their translator, once the catalogues exist (after the handler is registered). */
export function translateRefusals(app: FastifyInstance, translate: RefusalTranslator): void {
  app.decorate('translateRefusal', translate);
}

function answerError(error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) {
  const say = (message: string) => refusalText(request, message);
  if (error instanceof AppError) {
    if (error.retryAfterSeconds) reply.header('retry-after', String(error.retryAfterSeconds));
    if (error.statusCode >= 500) request.log.error({ err: error }, error.message);
    return refuse(reply, error.statusCode, { success: false, error: say(error.message), code: error.code, ...error.extra });
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const first = error.validation[0];
    const field = inputField(error.validationContext, first?.instancePath);
    return refuse(reply, 400, {
      success: false,
      error: say(first?.message ?? 'Invalid request'),
      code: 'BAD_REQUEST',
      ...(field !== undefined && { field }),
    });
  }
  if (isResponseSerializationError(error)) {
    request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
    return refuse(reply, 500, { success: false, error: say('Internal server error'), code: 'INTERNAL' });
  }
  const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (status >= 400 && status < 500) {
    const message =
      (error.code && FASTIFY_MESSAGES[error.code]) ||
      (error.name === 'SyntaxError' ? 'Request body is not valid JSON' : undefined) ||
      (error.code?.startsWith('FST_') ? (GENERIC_BY_STATUS[status] ?? 'Bad request') : error.message);
    return refuse(reply, status, { success: false, error: say(message), code: CODE_BY_STATUS[status] ?? 'BAD_REQUEST' });
  }
  request.log.error({ err: error }, 'unhandled error');
  return refuse(reply, 500, { success: false, error: say('Internal server error'), code: 'INTERNAL' });
}

/** Fastify's `frameworkErrors`: the router's refusals, made before a route is found, answered as any other. */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  void answerError(error, request, reply);
}

/**
 * Fastify's `clientErrorHandler`: what the HTTP parser refuses before there is a request (a
 * malformed request line or header, headers over the limit, a request too slow to arrive),
 * written straight to the socket in the one shape, which is then closed. In English: there are
 * no headers read to tell another language.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  // A reset connection has nobody to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code]: [number, ErrorCode] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'REQUEST_TIMEOUT']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'HEADERS_TOO_LARGE']
        : [400, 'BAD_REQUEST'];
  const body = JSON.stringify({ success: false, error: GENERIC_BY_STATUS[status] ?? 'The request could not be read', code });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'X-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy(error);
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(answerError);
  // While the server shuts down, a request that still arrives (on a connection already open) is
  // refused here, first of all hooks, instead of with Fastify's own 503 body.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async () => {
    if (closing) throw new AppError('UNAVAILABLE', 'The server is restarting; try again in a moment');
  });
}
