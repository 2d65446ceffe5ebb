// Baseline for the benches: plain Fastify sending the service's own response bodies from memory, as bytes made
// once (no serialising per request, which the service skips too), with no auth and no database.
// Usage: HOST=127.0.0.1 PORT=n node bench/bare-server.mjs <payload.json>
// where payload.json holds, each optional: "presetsBody" and "generateBody" (the service's GET /api/presets and
// POST /api/generate bodies as text), "image" (a GET /api/get-image body; its "id" becomes the one asked for)
// and "pages" ({path: html}, for bench/dashboard.mjs).
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

/**
 * @typedef {object} Payload what the bench writes to payload.json (bodies it read from the service)
 * @property {string} [presetsBody]
 * @property {string} [generateBody]
 * @property {Record<string, unknown>} [image]
 * @property {Record<string, string>} [pages]
 */

const payloadFile = process.argv[2];
if (!payloadFile) throw new Error('usage: HOST=127.0.0.1 PORT=n node bench/bare-server.mjs <payload.json>');
/** @type {Payload} */
const {
  presetsBody = '{}',
  generateBody = '[]',
  image = {},
  pages = {},
} = JSON.parse(readFileSync(payloadFile, 'utf8'));
const JSON_TYPE = 'application/json; charset=utf-8';
// The picture's body split where its id goes: each answer is the two halves around the id asked for.
const [imageHead = '', imageTail = ''] = JSON.stringify({ ...image, id: '\u0000' }).split('"\\u0000"');
const app = Fastify({ logger: false });

app.get('/health', async () => ({ status: 'ok' }));
// Encoded once, as the service sends its pre-serialised answers: the same bytes and the same work per request.
const presetsBytes = Buffer.from(presetsBody);
const generateBytes = Buffer.from(generateBody);
app.get('/api/presets', (_request, reply) => reply.type(JSON_TYPE).send(presetsBytes));
app.post('/api/generate', (_request, reply) => reply.type(JSON_TYPE).send(generateBytes));
for (const [path, page] of Object.entries(pages))
  app.get(path, (_request, reply) => reply.type('text/html; charset=utf-8').send(page));
app.get('/api/get-image', (request, reply) => {
  const { imageId } = /** @type {{ imageId?: string }} */ (request.query);
  return reply.type(JSON_TYPE).send(`${imageHead}${Number(imageId)}${imageTail}`);
});

await app.listen({ host: process.env.HOST ?? '127.0.0.1', port: Number(process.env.PORT ?? 0) });
process.once('SIGTERM', () => app.close().then(() => process.exit(0)));
