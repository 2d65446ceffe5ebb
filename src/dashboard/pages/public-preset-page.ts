import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { PublicPreset } from '../../modules/presets/preset-links.service.js';
import { AppError, type Outcome } from '../../shared/errors.js';
import { sha256Hex } from '../../shared/ids.js';
import type { DashboardPages } from '../dashboard-deps.js';
import { html } from '../html.js';
import { csrfField, sendPage } from '../layout.js';
import { pathOf } from '../request-fields.js';
import { fieldInput } from './presets-pages.js';

const tokenPath = z.object({ token: z.string().max(100) });
/** A visitor's values: the form's fields (text), or the page script's JSON object; anything else reads as none. */
const visitorValues = z.record(z.string(), z.unknown()).catch({});

/** What a run adds to the page: the text written, or why there is none. */
type RunNote = { text: string } | { error: string };

/**
 * The public page of a shared preset (/p/<token>): the preset's form for anyone with the link, run as its owner
 * within the link's daily cap. A script turns the form into a JSON post; without it the form posts and the page
 * comes back with the output. Runs are limited per address too (the route's own rate limit).
 */
export const publicPresetPages: DashboardPages = (scope, { config, services }) => {
  // A page, not an API route: left out of the OpenAPI document.
  const page = { schema: { hide: true } };
  const perVisitor = {
    ...page,
    config: {
      rateLimit: {
        max: config.rateLimit.presetLinkRunsPerMinute,
        timeWindow: 60_000,
        // The token's hash, not the token: the counters may be stored in the database.
        keyGenerator: (request: FastifyRequest) =>
          `preset-link:${sha256Hex(tokenPath.catch({ token: '' }).parse(request.params).token).slice(0, 24)}:${request.ip}`,
      },
    },
  };

  scope.get('/:token', page, async (request, reply) => {
    const { token } = pathOf(tokenPath, request);
    return sendPublicPage(request, reply, opened(await services.presetLinks.open(token)));
  });

  scope.post('/:token', perVisitor, async (request, reply) => {
    const { token } = pathOf(tokenPath, request);
    const run = await services.presetLinks.run(token, visitorValues.parse(request.body), request.id);
    if (request.headers.accept === 'application/json') {
      return run.ok
        ? reply.header('cache-control', 'no-store').send({ text: run.value.text, remaining_today: run.value.remaining })
        : reply.code(run.error.status).header('cache-control', 'no-store').send({ error: run.error.message });
    }
    // Gone or blocked: the error page; otherwise the form again, with the output or the reason there is none.
    if (!run.ok && (run.error.code === 'not_found' || run.error.code === 'forbidden')) throw run.error;
    const preset = opened(await services.presetLinks.open(token));
    const note = run.ok ? { text: run.value.text } : { error: run.error.message };
    return sendPublicPage(request, reply, preset, note, run.ok ? 200 : run.error.status);
  });
};

function opened(outcome: Outcome<PublicPreset>): PublicPreset {
  if (!outcome.ok) throw new AppError(outcome.error.code, outcome.error.message);
  return outcome.value;
}

function sendPublicPage(
  request: FastifyRequest,
  reply: FastifyReply,
  { preset, dailyCap, remaining }: PublicPreset,
  note?: RunNote,
  status = 200,
): FastifyReply {
  const error = note && 'error' in note ? note.error : '';
  const body = html`
    ${preset.description ? html`<p>${preset.description}</p>` : ''}
    <p class="hint">Shared by its author: each run is on their account. <span id="runs-left" role="status">${remainingText(remaining, dailyCap)}</span></p>
    <form id="public-preset-form" class="card" method="post" novalidate>
      ${csrfField(request.viewer)}
      <h2>Your input</h2>
      ${preset.fields.some((field) => field.required) ? html`<p class="hint">Fields marked <span class="required-mark" aria-hidden="true">*</span><span class="sr-only">required</span> are required.</p>` : ''}
      ${preset.fields.map(fieldInput)}
      <p class="error" role="alert">${error}</p>
      <button type="submit" ${remaining === 0 ? html`disabled` : ''}>Generate</button>
    </form>
    <section id="public-result" class="card" aria-labelledby="public-result-title" ${note && 'text' in note ? '' : html`hidden`}>
      <h2 id="public-result-title" tabindex="-1">Output</h2>
      <p id="public-output" class="output-text">${note && 'text' in note ? note.text : ''}</p>
    </section>`;
  void reply.header('x-robots-tag', 'noindex');
  return sendPage(
    reply,
    {
      title: preset.title,
      viewer: request.viewer,
      body,
      scripts: ['public-preset.js'],
      styles: ['presets.css'],
      data: { dailyCap },
    },
    status,
  );
}

function remainingText(remaining: number, cap: number): string {
  return remaining === 0
    ? `This link has used all of its ${cap} runs for today (UTC): try again tomorrow.`
    : `${remaining} of ${cap} ${cap === 1 ? 'run' : 'runs'} left today (UTC).`;
}
