// Baseline for bench/run.mjs: plain Fastify serving the same payloads from memory, no auth, no database.
// Usage: HOST=127.0.0.1 PORT=n node bench/bare-server.mjs <payload.json>
// where payload.json is {"presets": <GET /api/presets body>, "generatedName": "<name of a real output>"}
// and, for bench/images.mjs, "image": <a GET /api/get-image body>; for bench/dashboard.mjs, "pages": {path: html}.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

/**
 * @typedef {object} Payload what the bench writes to payload.json (JSON it read from the service, sent back as is)
 * @property {unknown} presets
 * @property {string} generatedName
 * @property {Record<string, unknown>} [image]
 * @property {Record<string, string>} [pages]
 */

const payloadFile = process.argv[2];
if (!payloadFile) throw new Error('usage: HOST=127.0.0.1 PORT=n node bench/bare-server.mjs <payload.json>');
/** @type {Payload} */
const { presets, generatedName, image, pages = {} } = JSON.parse(readFileSync(payloadFile, 'utf8'));
const app = Fastify({ logger: false });

app.get('/health', async () => ({ status: 'ok' }));
app.get('/api/presets', (_request, reply) => reply.send(presets));
app.post('/api/generate', (_request, reply) => reply.send([{ id: 1, name: generatedName }]));
for (const [path, page] of Object.entries(pages))
  app.get(path, (_request, reply) => reply.type('text/html; charset=utf-8').send(page));
app.get('/api/get-image', (request, reply) => {
  const { imageId } = /** @type {{ imageId?: string }} */ (request.query);
  return reply.send({ ...image, id: Number(imageId) });
});

await app.listen({ host: process.env.HOST ?? '127.0.0.1', port: Number(process.env.PORT ?? 0) });
process.once('SIGTERM', () => app.close().then(() => process.exit(0)));
