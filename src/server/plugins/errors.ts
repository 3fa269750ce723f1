/**
 * The one error handler: every failure leaves as `{message, errors?}` with a 4xx naming the field,
 * or a 500 that says nothing about the inside (the stack goes to the log only).
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody } from '../../shared/envelope';
import { HttpError, invalidRequest } from '../errors';

const KNOWN_CODES: Record<string, [number, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'The request body is not valid JSON'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'The request body is empty'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'The request body is too large'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'Unsupported content type'],
  FST_REQ_FILE_TOO_LARGE: [413, 'The file is larger than 10 MB'],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [415, 'Send the file as multipart/form-data'],
};

export const errorHandler = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (hasZodFastifySchemaValidationErrors(error)) {
        const errors: Record<string, string> = {};
        for (const issue of error.validation) {
          const keys = (issue.params as { keys?: string[] }).keys;
          if (issue.keyword === 'unrecognized_keys' && keys) {
            for (const key of keys) errors[key] = `Unknown field "${key}"`;
          } else {
            errors[issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || error.validationContext || 'body'] =
              issue.message ?? 'Invalid value';
          }
        }
        const { message } = invalidRequest(error.validationContext ?? 'request', errors);
        return reply.status(400).send({ message, errors });
      }
      if (error instanceof HttpError) {
        const body: ErrorBody = { message: error.message, ...(error.errors ? { errors: error.errors } : {}), ...error.extra };
        return reply.status(error.statusCode).headers(error.headers).send(body);
      }
      const known = error.code ? KNOWN_CODES[error.code] : undefined;
      if (known) return reply.status(known[0]).send({ message: known[1] });
      if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
        return reply.status(error.statusCode).send({ message: error.message });
      }
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send({ message: 'Something went wrong on the server. Please try again.' });
    });
  },
  { name: 'error-handler' },
);
