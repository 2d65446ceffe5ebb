import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import { API_VERSION } from '../api-version.js';
import type { Config } from '../config.js';
import type { FrontDoorServices } from '../services.js';
import { dashboardRoutes } from '../dashboard/dashboard.js';
import { registerAuth } from './auth.js';
import { registerErrorHandling } from './error-handler.js';
import { registerIdempotency } from './idempotency.js';
import { lazyChildLogger } from './lazy-logger.js';
import { operationsAccess } from './operations-access.js';
import { operationRoute } from './operation-route.js';
import { botChatOperations } from '../modules/bots/bot-chat.operations.js';
import { everyOperation, operationModules } from '../operations/catalogue.js';
import { registerRateLimit } from './rate-limit.js';
import { serializerCompiler } from './serializer.js';
import { botDocumentRoute } from './routes/bots.js';
import { openAiUploadRoutes } from './routes/openai-uploads.js';
import { openAiVideoContentRoute } from './routes/openai-video-content.js';
import { healthRoutes } from './routes/health.js';
import { metricsRoutes, registerRequestMetrics } from './routes/metrics.js';
import { readyRoutes } from './routes/ready.js';
import { chatCompletionRoute, legacyCompletionRoute } from './routes/chat.js';
import { responsesRoute } from './routes/responses.js';
import { openAiSpeechRoute, openAiTranscriptionRoutes } from './routes/openai-audio.js';
import { mcpRoutes } from './routes/mcp.js';
import { oauthRoutes } from './routes/oauth.js';
import { botChatRoutes } from './routes/bot-chat.js';
import { botWidgetRoutes } from './routes/bot-widget.js';
import { fileRoutes } from './routes/files.js';
import { voiceAvatarRoutes } from './routes/voice-avatars.js';
import { newId } from '../shared/ids.js';
import { standardOutputLog } from '../shared/log-destination.js';
import { type Clock, systemClock } from '../shared/clock.js';

/** The services the routes use: those of the composition root and a database check for /health. */
export type HttpServices = FrontDoorServices & { isDatabaseReachable: () => Promise<boolean> };

const REQUEST_ID = /^[\w.:-]{1,128}$/;

export interface ServerOptions {
  /** Where logs go (standard output when absent); tests read them to check that no key leaks. */
  logStream?: { write(line: string): void };
  /** The services' clock, for the pages that show the time (the system clock when absent). */
  clock?: Clock | undefined;
}

/** What every server of the service shares: logging, request ids, error bodies, authentication, rate limits. */
async function baseServer(config: Config, services: HttpServices, options: ServerOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: { paths: ['req.headers["x-api-key"]', 'req.headers.authorization', 'api_key'], censor: '[redacted]' },
      // A shared preset's URL holds its secret token (/p/<token>): request lines keep only the path's start.
      serializers: {
        req: (request: FastifyRequest) => ({
          method: request.method,
          url: request.url.replace(/^\/p\/[^/?#]+/, '/p/[redacted]'),
          host: request.host,
          remoteAddress: request.ip,
        }),
      },
      stream: options.logStream ?? standardOutputLog(),
    },
    bodyLimit: config.bodyLimitBytes,
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : newId();
    },
    // Per-request lines only when debugging: at info level they would double the cost of a cheap request.
    logController: new LogController({
      disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace',
    }),
    // ... and each request's child logger is made only if the request logs something.
    childLoggerFactory: lazyChildLogger,
    routerOptions: { maxParamLength: 500 },
    // Errors the router raises before any hook runs (a malformed URL, say) get the same body and request id.
    frameworkErrors: (error, request, rawReply) => {
      const reply = rawReply as FastifyReply;
      reply
        .header('x-request-id', request.id)
        .code(400)
        .send({ error: `Malformed request: ${error.message}` });
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // A callback, not an async function: no promise to make and settle on every request.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  if (services.metrics) registerRequestMetrics(app, services.metrics);
  registerErrorHandling(app, config.bodyLimitBytes);
  registerAuth(app, services.accounts, services.sessions, services.botKeys, services.oauth, services.keys);
  await registerRateLimit(app, config, services.rateLimitStore);
  return app;
}

export async function buildServer(
  config: Config,
  services: HttpServices,
  options: ServerOptions = {},
): Promise<FastifyInstance> {
  const app = await baseServer(config, services, options);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Atelier',
        version: API_VERSION,
        description: 'Self-hostable content generation service. Errors are {"error": "..."}.',
      },
      servers: [{ url: config.publicUrl }],
      components: {
        securitySchemes: {
          ApiKeyAuth: { type: 'apiKey', in: 'header', name: 'x-api-key' },
          BearerAuth: { type: 'http', scheme: 'bearer' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });

  registerIdempotency(app, services.idempotency);

  const modules = operationModules(services, config);
  const operations = everyOperation(modules);
  for (const operation of operations) if (!operation.http?.ownRoute) operationRoute(app, operation);
  chatCompletionRoute(app, modules.chat.chatCompletion, services.chat);
  responsesRoute(app, modules.responses.createResponse, services.responses);
  legacyCompletionRoute(app, modules.completions.legacyCompletion, services.chat);
  openAiSpeechRoute(app, modules.speech.createSpeech, services.speech);
  const { createAudioTranscription, createAudioTranslation } = modules.transcriptions;
  await openAiTranscriptionRoutes(app, [createAudioTranscription, createAudioTranslation], services.transcriptions);
  await botDocumentRoute(app, modules.bots.addDocument);
  const { openaiImages, openaiVideos } = modules;
  const uploads = [openaiImages.createImageEdit, openaiImages.createImageVariation, openaiVideos.createVideo];
  await openAiUploadRoutes(app, uploads, config.images.maxReferenceBytes);
  openAiVideoContentRoute(app, openaiVideos.videoContent);
  const botChat = modules.botChat.chatWithBot;
  if (config.bots.port === undefined) {
    botChatRoutes(app, botChat, services.botChat);
    await botWidgetRoutes(app, botChat, services);
  }
  // The dashboard's test chat talks to a bot through its own address, whichever port serves the public one.
  await app.register(async (scope) => botChatRoutes(scope, botChat, services.botChat, { hidden: true }), {
    prefix: '/dashboard',
  });

  healthRoutes(app, services.isDatabaseReachable);
  operationsRoutes(app, config, services);
  voiceAvatarRoutes(app, services.voices);
  mcpRoutes(app, services, config, operations);
  await oauthRoutes(app, services.oauth, config);
  await fileRoutes(app, services.blobs);
  await dashboardRoutes(app, { config, services, operations: modules, clock: options.clock ?? systemClock });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  return app;
}

/** The bot interface on a port of its own (ATELIER_BOTS_PORT): only the bot chat and a health check. */
export async function buildBotServer(
  config: Config,
  services: HttpServices,
  options: ServerOptions = {},
): Promise<FastifyInstance> {
  const app = await baseServer(config, services, options);
  healthRoutes(app, services.isDatabaseReachable);
  // Only the bot chat's definition: the rest of the catalogue is not served here.
  const { chatWithBot } = botChatOperations(services.botChat);
  botChatRoutes(app, chatWithBot, services.botChat);
  await botWidgetRoutes(app, chatWithBot, services);
  return app;
}

/** /ready, and /metrics unless ATELIER_METRICS=false; `loopbackOnly`: a port nobody outside this machine reaches. */
function operationsRoutes(app: FastifyInstance, config: Config, services: HttpServices, loopbackOnly = false): void {
  const access = operationsAccess(config.operations.token, config.operations.public || loopbackOnly);
  readyRoutes(app, services.readiness, access);
  if (services.metrics) metricsRoutes(app, services.metrics, access);
}

/** A worker's own port (ATELIER_WORKER_METRICS_PORT, loopback only): /health, /ready and /metrics, nothing else. */
export async function buildOperationsServer(
  config: Config,
  services: HttpServices,
  options: ServerOptions = {},
): Promise<FastifyInstance> {
  const app = await baseServer(config, services, options);
  healthRoutes(app, services.isDatabaseReachable);
  operationsRoutes(app, config, services, true);
  return app;
}
