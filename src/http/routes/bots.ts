import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { AnyOperation } from '../../operations/operation.js';
import { operationRoute } from '../operation-route.js';
import { UPLOAD_LIMITS, readUpload } from './bot-upload.js';

/**
 * Adding a document to a bot's knowledge base: JSON, or a multipart/form-data upload read here (a scope of its
 * own, so that multipart bodies are taken only where they are expected).
 */
export async function botDocumentRoute(app: FastifyInstance, operation: AnyOperation): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: UPLOAD_LIMITS });
    operationRoute(scope, operation, {
      readInput: async (request) => (request.isMultipart() ? readUpload(request) : undefined),
    });
  });
}
