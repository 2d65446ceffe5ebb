import { mkdirSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Produced files (MP3s...) under unguessable names, public like the hosted service's URLs: range requests
 * so players can seek, and a year of caching since a file never changes once written.
 */
export async function fileRoutes(app: FastifyInstance, root: string): Promise<void> {
  mkdirSync(root, { recursive: true });
  await app.register(fastifyStatic, {
    root,
    prefix: '/files/',
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: 'deny',
    acceptRanges: true,
    cacheControl: true,
    maxAge: '365d',
    immutable: true,
    setHeaders: (res, path) => {
      if (path.endsWith('.mp3')) res.setHeader('content-type', 'audio/mpeg');
    },
  });
}
