import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { type DerivedField, fieldsFor } from '../../modules/transcriptions/derived/fields.js';
import type { TranscriptionRecord } from '../../modules/transcriptions/transcriptions.service.js';
import { AppError } from '../../shared/errors.js';
import { UUID_PATTERN } from '../../shared/ids.js';
import type { DashboardPages } from '../dashboard-deps.js';
import { type SafeHtml, html } from '../html.js';
import { formatTime, sendPage } from '../layout.js';
import { pathOf } from '../request-fields.js';
import { loggedIn } from '../viewer.js';

const SECTION = '/dashboard/transcriptions';
const LIST_LIMIT = 50;
const uuidPath = z.object({ uuid: z.string() });

/** Kinds offered in the form: the three with their own derived fields first, then kinds that get the common ones. */
const AUDIO_TYPES = [
  ['general', 'General'],
  ['meeting', 'Meeting'],
  ['podcast', 'Podcast'],
  ['therapy session', 'Therapy session'],
  ['interview', 'Interview'],
  ['lecture', 'Lecture'],
] as const;

const LANGUAGES = [
  'English',
  'French',
  'German',
  'Spanish',
  'Italian',
  'Portuguese',
  'Dutch',
  'Chinese',
  'Japanese',
  'Korean',
  'Arabic',
  'Russian',
  'Hindi',
];

const FIELD_LABELS: Record<string, string> = {
  summary: 'Summary',
  title: 'Title',
  description: 'Description',
  keywords: 'Keywords',
  action_items: 'Action items',
  show_notes: 'Show notes',
  twitterThread: 'Twitter thread',
  article: 'Article',
  newsletter: 'Newsletter',
  questions: 'Questions',
  linkedin_post: 'LinkedIn post',
  timestamped_overview: 'Timestamped overview',
  topics_and_bullets: 'Topics and bullets',
  progress_note: 'Progress note',
  soap_note: 'SOAP note',
  dap_note: 'DAP note',
};

/** The transcriptions list with its creation form, and one transcription's page (the API's dashboard_url). */
export const transcriptionPages: DashboardPages = (scope, { config, services }) => {
  const credits = config.asr;

  scope.get('/transcriptions', async (request, reply) => {
    const caller = loggedIn(request, reply);
    if (!caller) return;
    const transcriptions = await services.transcriptions.list(caller, LIST_LIMIT);
    const body = html`${creationForm(credits.creditsPerTranscription)}
      <section class="card" aria-labelledby="list-title">
        <h2 id="list-title">Your transcriptions</h2>
        ${
          transcriptions.length === 0
            ? html`<p id="no-transcriptions">No transcriptions yet: give the form above the address of a recording.</p>`
            : html`<div class="table-wrap" tabindex="0" role="region" aria-label="Transcriptions"><table id="transcriptions">
              <thead><tr><th scope="col">Name</th><th scope="col">Type</th><th scope="col">Status</th><th scope="col">Created</th></tr></thead>
              <tbody>${transcriptions.map(listRow)}</tbody>
            </table></div>`
        }
        ${transcriptions.length === LIST_LIMIT ? html`<p class="hint">The newest ${LIST_LIMIT} are shown.</p>` : ''}
      </section>`;
    return sendPage(reply, {
      title: 'Transcriptions',
      viewer: request.viewer,
      section: SECTION,
      body,
      scripts: ['transcriptions.js'],
      styles: ['transcription.css'],
    });
  });

  scope.get('/transcriptions/:uuid', async (request, reply) => {
    const caller = loggedIn(request, reply);
    if (!caller) return;
    const { uuid } = pathOf(uuidPath, request);
    const found = UUID_PATTERN.test(uuid) ? await services.transcriptions.read(caller, uuid) : undefined;
    // Another account's transcription is as unknown as one that never existed: nothing tells them apart.
    if (!found?.ok) throw new AppError('not_found', 'There is no such transcription in your account');
    const { webhook: _webhook, ...record } = found.value;
    const source = record.url;
    const playable = playableHere(source, request, config.publicUrl);
    const fields = fieldsFor(record.audio_type);
    const body = detailPage(record, fields, source, playable, credits.creditsPerDerivedField);
    const data = { record, fields, labels: FIELD_LABELS, playable };
    return sendPage(reply, {
      title: record.name,
      viewer: request.viewer,
      section: SECTION,
      body,
      scripts: ['transcription.js'],
      styles: ['transcription.css'],
      data,
    });
  });
};

function creationForm(cost: number): SafeHtml {
  return html`<section class="card" aria-labelledby="create-title">
    <h2 id="create-title">Transcribe a recording</h2>
    <form id="create-transcription" novalidate>
      <label for="t-url">Audio or video URL</label>
      <input id="t-url" name="url" type="url" required maxlength="2048" placeholder="https://example.com/meeting.mp3" aria-describedby="t-url-hint" />
      <p class="hint" id="t-url-hint">The file is downloaded by the service, so it must be reachable from it (a public http or https address).</p>
      <div class="form-grid">
        <div>
          <label for="t-name">Name <span class="optional">(optional)</span></label>
          <input id="t-name" name="name" maxlength="200" placeholder="Taken from the file name when empty" />
        </div>
        <div>
          <label for="t-type">Kind of recording</label>
          <select id="t-type" name="audio_type" aria-describedby="t-type-hint">
            ${AUDIO_TYPES.map(([value, label]) => html`<option value="${value}">${label}</option>`)}
          </select>
          <p class="hint" id="t-type-hint">Decides what can be generated from it: action items for a meeting, show notes for a podcast, a SOAP note for a therapy session…</p>
        </div>
        <div>
          <label for="t-language">Language</label>
          <input id="t-language" name="language" list="t-languages" value="English" required maxlength="50" aria-describedby="t-language-hint" />
          <datalist id="t-languages">${LANGUAGES.map((l) => html`<option value="${l}"></option>`)}</datalist>
          <p class="hint" id="t-language-hint">The built-in engine understands English; other languages need a configured engine.</p>
        </div>
      </div>
      <fieldset>
        <legend>Options</legend>
        <label><input type="checkbox" name="detect_speakers" id="t-speakers" checked /> Detect speakers</label>
        <label><input type="checkbox" name="enhanced_quality" id="t-enhanced" /> Enhanced quality</label>
      </fieldset>
      <details>
        <summary>Webhook</summary>
        <label for="t-webhook">Webhook URL <span class="optional">(optional)</span></label>
        <input id="t-webhook" name="webhook_url" type="url" maxlength="2048" placeholder="https://example.com/hooks/transcriptions" aria-describedby="t-webhook-hint" />
        <p class="hint" id="t-webhook-hint">Called with the signed record when the transcription completes or fails.</p>
      </details>
      <p class="error" role="alert"></p>
      <button type="submit">Transcribe</button>
      <p class="hint">Costs ${cost} ${cost === 1 ? 'credit' : 'credits'}; given back if the recording cannot be transcribed.</p>
    </form>
  </section>`;
}

function listRow(record: TranscriptionRecord): SafeHtml {
  return html`<tr data-uuid="${record.uuid}" data-status="${record.status}">
    <td><a href="/dashboard/transcriptions/${record.uuid}">${record.name}</a></td>
    <td>${record.audio_type}</td>
    <td class="status-cell">${statusBadge(record.status)} <span class="progress-text">${settled(record.status) ? '' : `${record.progress}%`}</span></td>
    <td>${formatTime(record.created_at)}</td>
  </tr>`;
}

function detailPage(
  record: TranscriptionRecord,
  fields: DerivedField[],
  source: string | undefined,
  playable: boolean,
  cost: number,
): SafeHtml {
  const ready = record.status === 'completed';
  return html`<p class="back"><a href="/dashboard/transcriptions">← All transcriptions</a></p>
    <p class="meta-line">
      <span>${record.audio_type}</span> · <span>${record.language}</span> · <span>created ${formatTime(record.created_at)}</span>
      <span id="duration">${record.duration === null ? '' : ` · ${clock(record.duration)} long`}</span>
      ${record.detect_speakers ? html` · <span>speaker detection</span>` : ''} ${record.enhanced_quality ? html` · <span>enhanced quality</span>` : ''}
    </p>
    <section class="card status-card" aria-labelledby="status-title">
      <h2 id="status-title" class="sr-only">Status</h2>
      <div id="status" role="status" aria-live="polite">
        ${statusBadge(record.status)} <span id="status-text">${statusText(record.status, record.progress)}</span>
      </div>
      <progress id="progress" max="100" value="${record.progress}" aria-label="Progress" ${settled(record.status) ? html`hidden` : ''}>${record.progress}%</progress>
      <p id="failure" class="error" role="alert">${record.status === 'failed' ? `The recording could not be transcribed: ${record.error ?? 'unknown reason'}` : ''}</p>
    </section>
    <section class="card" aria-labelledby="audio-title">
      <h2 id="audio-title">Recording</h2>
      ${audioBlock(source, playable)}
    </section>
    <section class="card" aria-labelledby="transcript-title">
      <div class="card-head">
        <h2 id="transcript-title">Transcript</h2>
        <div class="actions">
          <button type="button" id="copy-transcript" class="secondary small" ${ready ? '' : html`disabled`}>Copy transcript</button>
          <button type="button" id="download-transcript" class="secondary small" ${ready ? '' : html`disabled`}>Download as text</button>
        </div>
      </div>
      <ul id="speakers" class="speakers" aria-label="Speakers" hidden></ul>
      <p id="transcript-empty" class="hint">${ready ? 'Nothing was heard in this recording.' : 'The transcript appears here when it is ready.'}</p>
      <ol id="segments" class="segments"></ol>
    </section>
    <section class="card" aria-labelledby="derived-title">
      <div class="card-head">
        <h2 id="derived-title">Generated from the transcript</h2>
        <div class="actions"><button type="button" id="generate-missing" class="small" ${ready ? '' : html`disabled`}>Generate all missing</button></div>
      </div>
      <p class="hint"><span id="derived-wait" ${ready ? html`hidden` : ''}>Available once the transcript is ready. </span>Each new piece costs ${cost} ${cost === 1 ? 'credit' : 'credits'}; what was generated before is kept and shown here.</p>
      <div class="derived-list">${fields.map((field) => derivedBlock(field, record[field], ready))}</div>
    </section>`;
}

function derivedBlock(field: DerivedField, existing: string | undefined, ready: boolean): SafeHtml {
  const label = FIELD_LABELS[field] ?? field;
  return html`<article class="derived" data-field="${field}" aria-labelledby="derived-${field}-title">
    <div class="derived-head">
      <h3 id="derived-${field}-title">${label}</h3>
      <button type="button" class="small generate" data-field="${field}" ${ready ? '' : html`disabled`}>${existing ? 'Regenerate' : 'Generate'}<span class="sr-only"> ${label}</span></button>
      <button type="button" class="small secondary copy-derived" data-copy="#derived-${field}" ${existing ? '' : html`hidden`}>Copy<span class="sr-only"> ${label}</span></button>
    </div>
    <p class="error" role="alert" id="derived-${field}-error"></p>
    <div class="derived-text" id="derived-${field}" aria-live="polite">${existing ?? ''}</div>
  </article>`;
}

function audioBlock(source: string | undefined, playable: boolean): SafeHtml {
  if (source === undefined) return html`<p class="hint">The recording's address is not available.</p>`;
  const link = html`<a href="${source}" rel="noopener noreferrer" target="_blank">${source}</a>`;
  if (playable)
    return html`<audio id="player" controls preload="metadata" src="${source}">Your browser cannot play this recording.</audio><p class="hint source">Source: ${link}</p>`;
  // The page's CSP only lets media load from this service; another site's file opens in its own tab instead.
  return html`<p id="external-audio">The recording is on another site, so it cannot be played on this page: ${link}</p>`;
}

/** The address the recording was fetched from, where the record carries it. */
/** Whether the CSP's media-src ('self' and the service's public origin) lets the page play this address. */
function playableHere(source: string, request: FastifyRequest, publicUrl: string): boolean {
  try {
    const origin = new URL(source).origin;
    return origin === new URL(publicUrl).origin || origin === `${request.protocol}://${request.host}`;
  } catch {
    return false;
  }
}

function statusBadge(status: string): SafeHtml {
  return html`<span class="badge ${status}" data-badge>${status}</span>`;
}

function statusText(status: string, progress: number): string {
  if (status === 'pending') return 'Waiting for a worker…';
  if (status === 'processing') return `Transcribing… ${progress}%`;
  if (status === 'completed') return 'Transcribed';
  return 'Failed';
}

const settled = (status: string) => status === 'completed' || status === 'failed';

function clock(seconds: number): string {
  const whole = Math.floor(seconds);
  const mm = String(Math.floor(whole / 60)).padStart(2, '0');
  return `${mm}:${String(whole % 60).padStart(2, '0')}`;
}
