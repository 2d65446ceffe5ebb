import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { VoiceListing } from '../../modules/speech/voice-listing.js';
import { AppError } from '../../shared/errors.js';

/** The voices' pictures (SVG, drawn from each voice's name), linked from the voice list. */
export function voiceAvatarRoutes(app: FastifyInstance, voices: VoiceListing): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/voice-avatars/:file',
    {
      schema: {
        hide: true,
        params: z.object({
          file: z
            .string()
            .max(300)
            .regex(/\.svg$/),
        }),
      },
    },
    async (request, reply) => {
      const svg = await voices.avatar(request.params.file.slice(0, -4));
      if (!svg) throw new AppError('not_found', 'Voice not found');
      return reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(svg);
    },
  );
}
