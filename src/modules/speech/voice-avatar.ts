import { createHash } from 'node:crypto';

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A small generated portrait for a voice: its initials on a colour derived from its id. */
export function voiceAvatarSvg(voiceId: string, name: string): string {
  const digest = createHash('sha256').update(voiceId).digest();
  const hue = ((digest[0] ?? 0) * 256 + (digest[1] ?? 0)) % 360;
  const initials =
    name
      .replace(/\(.*?\)/g, '')
      .split(/[\s_-]+/)
      .filter((w) => /\p{L}/u.test(w))
      .slice(0, 2)
      .map((w) => w.charAt(0).toUpperCase())
      .join('') || '?';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128" role="img" aria-label="${escapeXml(name)}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},65%,55%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360},70%,40%)"/></linearGradient></defs>
<rect width="128" height="128" rx="64" fill="url(#g)"/>
<text x="64" y="64" dy=".35em" text-anchor="middle" font-family="sans-serif" font-size="48" font-weight="600" fill="#fff">${escapeXml(initials)}</text>
</svg>`;
}
