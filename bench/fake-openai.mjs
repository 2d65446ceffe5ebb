// A fake OpenAI-compatible upstream for bench/chat.mjs: plain node:http on HOST:PORT (127.0.0.1 by default).
//   GET  /health                  -> 200 (startServer waits for it)
//   POST /v1/chat/completions     -> non-stream: a fixed chat.completion with usage;
//                                    "stream": true: FAKE_TOKENS content chunks (default 20), one every FAKE_PACE_MS
//                                    (default 0: written back to back), then the finish chunk, a usage chunk and [DONE].
//   POST /control {tokens, paceMs} -> changes the stream shape for the requests that follow (the service's calls
//                                    carry nothing the bench controls, so the pace is switched here between parts).
// The request body is read to the end (as a real provider would) but only `stream` is looked at.
import { createServer } from 'node:http';

const settings = { tokens: Number(process.env.FAKE_TOKENS ?? 20), paceMs: Number(process.env.FAKE_PACE_MS ?? 0) };

const COMPLETION = JSON.stringify({
  id: 'chatcmpl-fake',
  object: 'chat.completion',
  created: 1_700_000_000,
  model: 'bench-model',
  system_fingerprint: null,
  choices: [
    {
      index: 0,
      message: { role: 'assistant', content: 'Bees like warm, sheltered rooftops.' },
      logprobs: null,
      finish_reason: 'stop',
    },
  ],
  usage: { prompt_tokens: 12, completion_tokens: 8, total_tokens: 20 },
});

/**
 * @param {object[]} choices
 * @param {object} [extra]
 */
const chunk = (choices, extra = {}) =>
  `data: ${JSON.stringify({ id: 'chatcmpl-fake', object: 'chat.completion.chunk', created: 1_700_000_000, model: 'bench-model', choices, ...extra })}\n\n`;
const ROLE = chunk([{ index: 0, delta: { role: 'assistant', content: '' }, logprobs: null, finish_reason: null }]);
/** @param {number} i */
const tokenChunk = (i) =>
  chunk([{ index: 0, delta: { content: i === 0 ? 'Bee' : ` tok${i}` }, logprobs: null, finish_reason: null }]);
const FINISH = chunk([{ index: 0, delta: {}, logprobs: null, finish_reason: 'stop' }]);
/** @param {number} n */
const usageChunk = (n) => chunk([], { usage: { prompt_tokens: 12, completion_tokens: n, total_tokens: 12 + n } });

/** @param {number} ms */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * @param {import('node:http').ServerResponse} res
 * @param {{ tokens: number, paceMs: number }} shape
 */
async function stream(res, { tokens, paceMs }) {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  res.write(ROLE);
  for (let i = 0; i < tokens; i++) {
    if (res.destroyed) return;
    res.write(tokenChunk(i));
    if (paceMs > 0) await sleep(paceMs);
  }
  if (res.destroyed) return;
  res.write(FINISH);
  res.write(usageChunk(tokens));
  res.end('data: [DONE]\n\n');
}

const server = createServer((req, res) => {
  /** @type {Buffer[]} */
  const parts = [];
  req.on('data', (d) => parts.push(d));
  req.on('end', () => {
    // An incoming request on an http.Server always has its url.
    const path = (req.url ?? '').split('?')[0];
    if (req.method === 'GET' && path === '/health') return res.end('ok');
    /** @type {{ tokens?: unknown, paceMs?: unknown, stream?: unknown }} */
    let body = {};
    try {
      body = parts.length ? JSON.parse(Buffer.concat(parts).toString()) : {};
    } catch {
      res.writeHead(400, { 'content-type': 'application/json' });
      return res.end('{"error":{"message":"invalid JSON"}}');
    }
    if (req.method === 'POST' && path === '/control') {
      if (typeof body.tokens === 'number' && Number.isFinite(body.tokens)) settings.tokens = body.tokens;
      if (typeof body.paceMs === 'number' && Number.isFinite(body.paceMs)) settings.paceMs = body.paceMs;
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(JSON.stringify(settings));
    }
    if (req.method === 'POST' && path === '/v1/chat/completions') {
      if (body.stream) return void stream(res, { ...settings });
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(COMPLETION) });
      return res.end(COMPLETION);
    }
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end('{"error":{"message":"not found"}}');
  });
});
// Long-lived keep-alive connections, as the service and the bench reuse theirs; no request time-outs.
server.keepAliveTimeout = 60_000;
server.headersTimeout = 65_000;
server.requestTimeout = 0;
// A provider takes 1,000 connections at once (the bot burst) without dropping any, as the service does: with
// Node's default queue of 511 the dropped ones came back after TCP's 1 s retry, on both sides of the bench.
server.listen({ port: Number(process.env.PORT ?? 0), host: process.env.HOST ?? '127.0.0.1', backlog: 4096 });
