import type { FastifyReply } from 'fastify';
import { type SafeHtml, html, pageData } from './html.js';
import type { Viewer } from './viewer.js';

const NAV = [
  ['/dashboard', 'Usage'],
  ['/dashboard/keys', 'API keys'],
  ['/dashboard/presets', 'Presets'],
  ['/dashboard/images', 'Images'],
  ['/dashboard/videos', 'Videos'],
  ['/dashboard/transcriptions', 'Transcriptions'],
  ['/dashboard/speech', 'Speech'],
  ['/dashboard/bots', 'Bots'],
  ['/dashboard/brand-voices', 'Brand voices'],
] as const;
/** Shown to admin accounts only; the admin pages answer 404 to anyone else. */
const ADMIN_NAV = [['/dashboard/admin', 'Admin']] as const;

export type Section = (typeof NAV)[number][0] | (typeof ADMIN_NAV)[number][0];

export interface PageOptions {
  title: string;
  viewer: Viewer;
  /** The navigation entry to mark as current. */
  section?: Section;
  body: SafeHtml;
  /** Scripts under /dashboard/assets/, loaded as modules after common.js. */
  scripts?: string[];
  /** Page-specific stylesheets under /dashboard/assets/, after dashboard.css. */
  styles?: string[];
  /** Read by the page's script from #page-data. */
  data?: unknown;
}

/** The page shell: navigation for logged-in viewers, the CSRF token for scripts, no inline script or style. */
export function page({ title, viewer, section, body, scripts = [], styles = [], data }: PageOptions): string {
  const nav = viewer.caller
    ? html`<nav aria-label="Main">
        <ul>
          ${[...NAV, ...(viewer.caller.account.is_admin === 1 ? ADMIN_NAV : [])].map(([href, label]) => html`<li><a href="${href}" ${href === section ? html`aria-current="page"` : ''}>${label}</a></li>`)}
        </ul>
        <form method="post" action="/dashboard/logout" class="logout">
          <input type="hidden" name="_csrf" value="${viewer.csrf}" />
          <span class="who">${viewer.caller.account.email}</span>
          <button type="submit" class="link">Log out</button>
        </form>
      </nav>`
    : '';
  return html`<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="csrf-token" content="${viewer.csrf}" />
    <title>${title} · Atelier</title>
    <link rel="stylesheet" href="/dashboard/assets/dashboard.css" />
    ${styles.map((s) => html`<link rel="stylesheet" href="/dashboard/assets/${s}" />`)}
    <link rel="icon" href="data:," />
  </head>
  <body>
    <a class="skip" href="#main">Skip to content</a>
    <header class="top">
      <a class="brand" href="/dashboard">Atelier</a>
      ${nav}
    </header>
    <main id="main" tabindex="-1">
      <h1>${title}</h1>
      ${body}
    </main>
    <div id="toast" role="status" aria-live="polite"></div>
    ${data === undefined ? '' : pageData(data)}
    <script type="module" src="/dashboard/assets/common.js"></script>
    ${scripts.map((s) => html`<script type="module" src="/dashboard/assets/${s}"></script>`)}
  </body>
</html>`.value;
}

/** Sends a page; pages show private data, so no cache keeps them. */
export function sendPage(reply: FastifyReply, options: PageOptions, status = 200): FastifyReply {
  return reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(page(options));
}

/** A form's CSRF field. */
export const csrfField = (viewer: Viewer) => html`<input type="hidden" name="_csrf" value="${viewer.csrf}" />`;

export function formatTime(iso: string | null): string {
  return iso ? `${iso.replace('T', ' ').slice(0, 16)} UTC` : '—';
}
