import { canMakeVideos } from '../../config.js';
import type { AspectRatio } from '../../engines/spec/video-model.js';
import { IMAGE_ACTIONS } from '../../modules/images/image-request.js';
import type { ImageRecord, ImagesService } from '../../modules/images/images.service.js';
import type { VideoRecord, VideosService } from '../../modules/videos/videos.service.js';
import type { DashboardPages } from '../dashboard-deps.js';
import { type SafeHtml, html } from '../html.js';
import { formatTime, sendPage } from '../layout.js';
import { loggedIn } from '../viewer.js';

/** Tiles per gallery page; one more is read to know whether a "Load more" button is needed. */
const PAGE_SIZE = 20;
/** Offered for models that take any size (each side 64 to 2048 pixels); "custom" opens two number fields. */
const FREE_SIZES = ['1024x1024', '1792x1024', '1024x1792', '1536x1024', '1024x1536', '768x768', '512x512'];
const STYLE_IDEAS = [
  'photorealistic',
  'watercolor',
  'oil painting',
  'pixel art',
  'neon',
  'line drawing',
  'isometric 3D',
];
const ASPECT_RATIOS = [
  ['16:9', 'Landscape 16:9'],
  ['9:16', 'Portrait 9:16'],
  ['1:1', 'Square 1:1'],
  ['4:3', 'Landscape 4:3'],
  ['3:4', 'Portrait 3:4'],
  ['3:2', 'Landscape 3:2'],
  ['2:3', 'Portrait 2:3'],
  ['21:9', 'Wide 21:9'],
  ['9:21', 'Tall 9:21'],
] as const satisfies readonly (readonly [AspectRatio, string])[];

/** Images and videos: a generate form over a gallery whose pending tiles the page's script polls until they settle. */
export const mediaPages: DashboardPages = (scope, { config, services }) => {
  scope.get('/images', async (request, reply) => {
    const caller = loggedIn(request, reply);
    if (!caller) return;
    const models = services.images.catalogue();
    const page = await services.images.list(caller, PAGE_SIZE + 1, undefined);
    const shown = page.slice(0, PAGE_SIZE);
    const body = html`${imageForm(models)}${gallery('images', shown.map(imageTile), page.length > PAGE_SIZE)}`;
    const data = {
      kind: 'images',
      pageSize: PAGE_SIZE,
      before: nextBefore(page),
      pending: shown.filter((r) => r.status === 'pending').map((r) => r.id),
      models,
      freeSizes: FREE_SIZES,
    };
    return sendPage(reply, {
      title: 'Images',
      viewer: request.viewer,
      section: '/dashboard/images',
      body,
      scripts: ['media.js'],
      styles: ['media.css'],
      data,
    });
  });

  scope.get('/videos', async (request, reply) => {
    const caller = loggedIn(request, reply);
    if (!caller) return;
    const models = services.videos.catalogue();
    const page = await services.videos.list(caller, PAGE_SIZE + 1, undefined);
    const shown = page.slice(0, PAGE_SIZE);
    const voices = canMakeVideos(caller.plan)
      ? (await services.voices.list({ accountId: caller.account.id })).voices
      : [];
    const form = canMakeVideos(caller.plan)
      ? html`${videoForm(models, config.videos.maxSeconds)}${talkingForm(voices, config.talkingVideos.creditsPerSecond)}`
      : html`<section class="card notice-plan" aria-labelledby="generate-title">
          <h2 id="generate-title">Generate a video</h2>
          <p id="plan-message">Video generation needs a paid plan; the ${caller.plan.name} plan does not include it.</p>
          <p class="hint">Ask the operator of this service to move your account to a paid plan.</p>
        </section>`;
    const body = html`${form}${gallery('videos', shown.map(videoTile), page.length > PAGE_SIZE)}`;
    const data = {
      kind: 'videos',
      pageSize: PAGE_SIZE,
      before: nextBefore(page),
      pending: shown.filter((r) => r.status === 'processing').map((r) => r.id),
      models,
    };
    return sendPage(reply, {
      title: 'Videos',
      viewer: request.viewer,
      section: '/dashboard/videos',
      body,
      scripts: ['media.js'],
      styles: ['media.css'],
      data,
    });
  });
};

/** The id to list older items from, when the page read one more than it shows. */
const nextBefore = (page: { id: number }[]): number | null =>
  page.length > PAGE_SIZE ? (page[PAGE_SIZE - 1]?.id ?? null) : null;

type ImageModel = ReturnType<ImagesService['catalogue']>[number];
type VideoModel = ReturnType<VideosService['catalogue']>[number];

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function imageForm(models: ImageModel[]): SafeHtml {
  const first = models[0];
  const sizes = first?.sizes ?? FREE_SIZES;
  return html`<section class="card" aria-labelledby="generate-title">
    <h2 id="generate-title">Generate images</h2>
    <form id="generate-form" class="media-form">
      <label for="prompt">Prompt</label>
      <textarea id="prompt" name="prompt" required maxlength="4000" placeholder="A lighthouse at dusk, seen from the sea"></textarea>
      <div class="fields">
        <div>
          <label for="model">Model</label>
          <select id="model" name="model">
            ${models.map((m) => html`<option value="${m.name}">${m.name} — ${plural(m.credits, 'credit')}</option>`)}
          </select>
          <p class="hint" id="model-engine">${first ? `Served by ${first.engine} (${first.model})` : ''}</p>
        </div>
        <div>
          <label for="size">Size (pixels)</label>
          <select id="size" name="size">
            ${sizes.map((s) => html`<option value="${s}">${s.replace('x', ' × ')}</option>`)}
            ${first?.sizes ? '' : html`<option value="custom">Custom size…</option>`}
          </select>
        </div>
        <div>
          <label for="outputs">Number of images</label>
          <select id="outputs" name="outputs">${[1, 2, 3, 4].map((n) => html`<option value="${n}">${n}</option>`)}</select>
        </div>
      </div>
      <div class="fields custom-size" id="custom-size" hidden>
        <div><label for="width">Width</label><input id="width" name="width" type="number" min="64" max="2048" step="1" value="1024" inputmode="numeric" disabled required /></div>
        <div><label for="height">Height</label><input id="height" name="height" type="number" min="64" max="2048" step="1" value="1024" inputmode="numeric" disabled required /></div>
        <p class="hint">Each side 64 to 2048 pixels.</p>
      </div>
      <div class="fields">
        <div>
          <label for="style">Style <span class="optional">(optional)</span></label>
          <input id="style" name="style" maxlength="100" list="style-ideas" autocomplete="off" />
          <datalist id="style-ideas">${STYLE_IDEAS.map((s) => html`<option value="${s}"></option>`)}</datalist>
        </div>
        <div>
          <label for="artist">In the manner of <span class="optional">(optional)</span></label>
          <input id="artist" name="artist" maxlength="100" autocomplete="off" />
        </div>
        <div>
          <label for="reference">Picture to edit (URL) <span class="optional">(optional)</span></label>
          <input id="reference" name="image" type="url" maxlength="2048" placeholder="https://…" autocomplete="off" aria-describedby="reference-hint" />
          <p class="hint" id="reference-hint">Give a picture to change it instead of making a new one.</p>
        </div>
      </div>
      <div class="fields" id="edit-fields" hidden>
        <div>
          <label for="action">What to do with the picture</label>
          <select id="action" name="action" disabled aria-describedby="action-hint">
            ${IMAGE_ACTIONS.map((a) => html`<option value="${a}">${a}</option>`)}
          </select>
          <p class="hint" id="action-hint">Colorize, Relight, Stylization and Sketch to Image run here as image filters when the model has no editing engine; the others need an engine that edits pictures, and the answer says which.</p>
        </div>
      </div>
      <label class="inline-label"><input type="checkbox" id="hd" name="useHD" /> HD: finer detail, costs more</label>
      <p class="hint" id="cost" aria-live="polite"></p>
      <p class="error" role="alert"></p>
      <button type="submit">Generate</button>
    </form>
  </section>`;
}

function videoForm(models: VideoModel[], maxSeconds: number): SafeHtml {
  return html`<section class="card" aria-labelledby="generate-title">
    <h2 id="generate-title">Generate a video</h2>
    <form id="generate-form" class="media-form">
      <label for="prompt">Prompt</label>
      <textarea id="prompt" name="prompt" required maxlength="2000" placeholder="Waves rolling onto a beach at sunrise"></textarea>
      <div class="fields">
        <div>
          <label for="model">Model</label>
          <select id="model" name="model">
            ${models.map((m) => html`<option value="${m.name}">${m.name} — ${plural(m.credits_per_second, 'credit')}/s</option>`)}
          </select>
        </div>
        <div>
          <label for="duration">Duration (seconds, 1 to ${maxSeconds})</label>
          <input id="duration" name="duration" type="number" min="1" max="${maxSeconds}" step="1" value="${Math.min(5, maxSeconds)}" inputmode="numeric" required />
        </div>
        <div>
          <label for="aspect">Aspect ratio</label>
          <select id="aspect" name="aspectRatio">${ASPECT_RATIOS.map(([value, label]) => html`<option value="${value}">${label}</option>`)}</select>
        </div>
      </div>
      <label for="reference">Start from an image URL <span class="optional">(optional)</span></label>
      <input id="reference" name="image" type="url" maxlength="2048" placeholder="https://…" autocomplete="off" />
      <p class="hint" id="cost" aria-live="polite"></p>
      <p class="error" role="alert"></p>
      <button type="submit">Generate</button>
    </form>
  </section>`;
}

type Voice = { id: string; name: string; language: string; accent?: string };

/** English voices first, then by language and name: the likely choice is near the top. */
const voiceOrder = (a: Voice, b: Voice) =>
  Number(b.language === 'English') - Number(a.language === 'English') ||
  a.language.localeCompare(b.language) ||
  a.name.localeCompare(b.name);

function talkingForm(voices: Voice[], creditsPerSecond: number): SafeHtml {
  return html`<section class="card" aria-labelledby="talking-title">
    <h2 id="talking-title">Make a talking video</h2>
    <form id="talking-form" class="media-form">
      <div class="fields">
        <div>
          <label for="talking-source">The face is</label>
          <select id="talking-source" name="source">
            <option value="image">a picture (at least 512 × 512)</option>
            <option value="video">a video (3 to 300 seconds)</option>
          </select>
        </div>
        <div>
          <label for="talking-face">Its URL</label>
          <input id="talking-face" name="face" type="url" maxlength="2048" placeholder="https://…" autocomplete="off" required />
        </div>
      </div>
      <label for="talking-text">What it says <span class="optional">(or give an audio URL)</span></label>
      <textarea id="talking-text" name="text" maxlength="5000" placeholder="Hello! Welcome to our product demo."></textarea>
      <div class="fields">
        <div>
          <label for="talking-voice">Voice</label>
          <select id="talking-voice" name="voiceID">
            ${[...voices].sort(voiceOrder).map((v) => html`<option value="${v.id}">${v.name} — ${v.language}${v.accent ? ` (${v.accent})` : ''}</option>`)}
          </select>
        </div>
        <div>
          <label for="talking-audio">Audio URL <span class="optional">(optional, at most 5 minutes)</span></label>
          <input id="talking-audio" name="audio" type="url" maxlength="2048" placeholder="https://…" autocomplete="off" />
        </div>
      </div>
      <div class="fields">
        <div>
          <label for="talking-resolution">Resolution</label>
          <select id="talking-resolution" name="resolution"><option value="480p">480p</option><option value="720p">720p</option></select>
        </div>
        <div>
          <label for="talking-avatar">Avatar model <span class="optional">(pictures only)</span></label>
          <select id="talking-avatar" name="avatarModel"><option value="premium">Premium</option><option value="standard">Standard</option></select>
        </div>
        <div>
          <label for="talking-color">Caption highlight</label>
          <input id="talking-color" name="captionColor" type="color" value="#ffd700" />
        </div>
      </div>
      <label class="inline-label"><input type="checkbox" id="talking-captions" name="generateCaptions" /> Captions, the word being spoken highlighted</label>
      <p class="hint">Costs ${plural(creditsPerSecond, 'credit')} per second of speech; what is held beyond that comes back when it is made.</p>
      <p class="error" role="alert"></p>
      <button type="submit">Make the talking video</button>
    </form>
  </section>`;
}

function gallery(kind: 'images' | 'videos', tiles: SafeHtml[], more: boolean): SafeHtml {
  return html`<section class="card" aria-labelledby="gallery-title">
    <h2 id="gallery-title">Your ${kind}</h2>
    <p id="gallery-status" class="hint" role="status" aria-live="polite"></p>
    <p id="gallery-empty" ${tiles.length ? html`hidden` : ''}>No ${kind} yet: describe one above.</p>
    <ul id="gallery" class="grid media-gallery" aria-labelledby="gallery-title">${tiles}</ul>
    <button type="button" class="secondary" id="load-more" ${more ? '' : html`hidden`}>Load more</button>
  </section>`;
}

const badge = (status: string) => html`<span class="badge ${status}">${status}</span>`;
const when = (iso: string) => html`<time datetime="${iso}">${formatTime(iso)}</time>`;
const links = (url: string) =>
  html`<p class="links"><a href="${url}" target="_blank" rel="noopener">Open</a><a href="${url}" download>Download</a></p>`;
const failure = (error: string | undefined) =>
  html`<p class="error">${error ?? 'It failed'}</p><p class="hint">Its credits were refunded.</p>`;
const notes = (lines: (string | null | false)[]) =>
  lines.filter((line): line is string => Boolean(line)).map((line) => html`<p class="hint">${line}</p>`);

function imageTile(r: ImageRecord): SafeHtml {
  const picture =
    r.status === 'completed' && r.image_url
      ? html`<img src="${r.image_url}" alt="${r.prompt}" width="${r.width}" height="${r.height}" loading="lazy" decoding="async" />`
      : html`<div class="placeholder ${r.status}">${r.status === 'pending' ? html`<span class="spinner" aria-hidden="true"></span>Generating…` : 'No picture'}</div>`;
  return html`<li class="tile" data-id="${r.id}" data-status="${r.status}" aria-busy="${r.status === 'pending' ? 'true' : 'false'}">
    ${picture}
    <div class="meta">
      <p class="prompt">${r.prompt}</p>
      <p>${badge(r.status)} <span class="model">${r.model}</span> · ${r.width} × ${r.height}${r.hd ? ' · HD' : ''}</p>
      ${r.status === 'failed' ? failure(r.error) : ''}
      ${notes([r.action !== undefined && `${r.action} of a given picture${r.edit_model ? ` (edit model ${r.edit_model})` : ''}`, r.requested_model !== r.model && `Asked for ${r.requested_model}`, r.style && `Style: ${r.style}`, r.artist && `Artist: ${r.artist}`, ...r.warnings])}
      ${r.status === 'completed' && r.image_url ? links(r.image_url) : ''}
      <p class="hint">${when(r.created_at)}${r.status === 'failed' ? '' : ` · ${plural(r.used_credits, 'credit')}`}</p>
    </div>
  </li>`;
}

function videoTile(r: VideoRecord): SafeHtml {
  const player =
    r.status === 'completed' && r.url
      ? html`<video controls preload="metadata" src="${r.url}" aria-label="${r.prompt}" ${r.width && r.height ? html`width="${r.width}" height="${r.height}"` : ''}></video>`
      : html`<div class="placeholder ${r.status}">${r.status === 'processing' ? html`<span class="spinner" aria-hidden="true"></span>Making the video…` : 'No video'}</div>`;
  return html`<li class="tile" data-id="${r.id}" data-status="${r.status}" aria-busy="${r.status === 'processing' ? 'true' : 'false'}">
    ${player}
    <div class="meta">
      <p class="prompt">${r.prompt}</p>
      <p>${badge(r.status)} <span class="model">${r.model}</span> · ${r.request.duration} s · ${r.request.aspectRatio}${r.width && r.height ? ` · ${r.width} × ${r.height}` : ''}</p>
      ${r.status === 'failed' ? failure(r.error) : ''}
      ${notes([r.request.isTalkingVideo ? 'Talking video' : r.request.isImageToVideo && 'Made from an image', ...r.warnings])}
      ${r.status === 'completed' && r.url ? links(r.url) : ''}
      <p class="hint">${when(r.created_at)}${r.status === 'failed' ? '' : ` · ${plural(r.used_credits, 'credit')}`}</p>
    </div>
  </li>`;
}
