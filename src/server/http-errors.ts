import type { FastifyError, FastifyInstance } from 'fastify';
import type { ApiError } from '../protocol/messages';
import { ApiFail } from './api-error';

/** Every refusal, fastify's own included, as `{ error: { code, message } }` with its HTTP status. */
export function installErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ApiFail, request, reply) => {
    const fail = toApiFail(error);
    if (fail.status >= 500) request.log.error({ err: error }, 'request failed');
    if (fail.detail.retryAfterS !== undefined) void reply.header('retry-after', String(fail.detail.retryAfterS));
    void reply.code(fail.status).type('application/json; charset=utf-8').send(JSON.stringify(fail.body));
  });
  app.setNotFoundHandler((request, reply) => {
    const body: ApiError = {
      error: { code: 'bad-request', message: `no such route: ${request.method} ${request.url.slice(0, 100)}` },
    };
    void reply.code(404).type('application/json; charset=utf-8').send(JSON.stringify(body));
  });
}

function toApiFail(error: FastifyError | ApiFail): ApiFail {
  if (error instanceof ApiFail) return error;
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ApiFail(413, 'body-too-large', 'the body is too large');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new ApiFail(400, 'bad-request', 'send the body as Content-Type: application/json');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new ApiFail(400, 'bad-request', error.message);
  }
  if (error instanceof SyntaxError) return new ApiFail(400, 'bad-json', `the body is not valid JSON: ${error.message}`);
  const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (status >= 400 && status < 500) return new ApiFail(status, 'bad-request', error.message);
  if (error.name === 'SqliteError')
    return new ApiFail(500, 'storage-failed', 'the game server could not store this request; nothing was changed');
  return new ApiFail(500, 'internal', 'the game server failed on this request; nothing was changed');
}
