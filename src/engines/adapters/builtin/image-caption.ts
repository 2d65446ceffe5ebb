/**
 * The text layer of a builtin picture: the prompt in a caption band along the bottom and a small corner
 * label saying what made it. An SVG at the picture's full size, transparent elsewhere.
 */

export const ENGINE_LABEL = 'Atelier builtin sketch — not a diffusion model';
const FONT = 'DejaVu Sans, sans-serif';
/** DejaVu Sans averages a little over half an em per character; a generous estimate avoids overflow. */
const CHAR_WIDTH = 0.58;

export interface CaptionColours {
  band: string;
  bandOpacity: number;
  text: string;
}

export function captionSvg(width: number, height: number, prompt: string, colours: CaptionColours): string {
  const s = Math.min(width, height);
  const parts: string[] = [];

  const caption = plainText(prompt);
  const size = Math.round(Math.max(10, Math.min(40, s * 0.032, width / 24)));
  const padX = Math.round(size * 0.9);
  const maxChars = Math.floor((width - 2 * padX) / (size * CHAR_WIDTH));
  const maxLines = height < 200 ? 1 : height < 600 ? 2 : 3;
  const lines = caption && maxChars >= 4 && height >= size * 3 ? wrap(caption, maxChars, maxLines) : [];
  if (lines.length > 0) {
    const lineHeight = Math.round(size * 1.3);
    const bandHeight = lineHeight * lines.length + Math.round(size * 1.1);
    const top = height - bandHeight;
    parts.push(
      `<rect x="0" y="${top}" width="${width}" height="${bandHeight}" fill="${colours.band}" fill-opacity="${colours.bandOpacity}"/>`,
    );
    parts.push(
      `<rect x="0" y="${top}" width="${width}" height="${Math.max(1, Math.round(size * 0.08))}" fill="${colours.text}" fill-opacity="0.35"/>`,
    );
    const tspans = lines.map(
      (line, i) =>
        `<tspan x="${padX}" y="${top + Math.round(size * 0.55) + lineHeight * i + size}">${escapeXml(line)}</tspan>`,
    );
    parts.push(`<text font-family="${FONT}" font-size="${size}" fill="${colours.text}">${tspans.join('')}</text>`);
  }

  const labelSize = Math.min(Math.max(9, s * 0.015), (width * 0.9) / (ENGINE_LABEL.length * CHAR_WIDTH));
  if (labelSize >= 6 && height >= labelSize * 4) {
    const margin = Math.round(labelSize * 0.8);
    const pillWidth = Math.round(ENGINE_LABEL.length * labelSize * 0.56 + labelSize * 1.2);
    const pillHeight = Math.round(labelSize * 1.7);
    const x = width - margin - pillWidth;
    parts.push(
      `<rect x="${x}" y="${margin}" width="${pillWidth}" height="${pillHeight}" rx="${Math.round(pillHeight / 2)}" fill="#000" fill-opacity="0.45"/>`,
    );
    parts.push(
      `<text x="${x + pillWidth / 2}" y="${margin + pillHeight / 2 + labelSize * 0.36}" text-anchor="middle" font-family="${FONT}" font-size="${labelSize.toFixed(1)}" fill="#fff" fill-opacity="0.92">${escapeXml(ENGINE_LABEL)}</text>`,
    );
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${parts.join('')}</svg>`;
}

/** One line of text that XML can carry: no control characters, no lone surrogates, single spaces. */
export function plainText(text: string): string {
  return text
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '')
    .replace(/[\u0000-\u001F\u007F-\u009F\uFFFE\uFFFF]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

export function escapeXml(text: string): string {
  return text.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c,
  );
}

/**
 * Words into at most `maxLines` lines of at most `maxChars` characters (code points); words longer than
 * a line are cut. Text that does not fit ends the last line with an ellipsis.
 */
export function wrap(text: string, maxChars: number, maxLines: number): string[] {
  const lines: string[] = [];
  let current: string[] = [];
  const length = (s: string) => Array.from(s).length;
  const words = text.split(' ').flatMap((word) => {
    const chars = Array.from(word);
    const pieces: string[] = [];
    for (let i = 0; i < chars.length; i += maxChars) pieces.push(chars.slice(i, i + maxChars).join(''));
    return pieces;
  });
  let index = 0;
  for (; index < words.length; index++) {
    const word = words[index] ?? '';
    const candidate = [...current, word].join(' ');
    if (length(candidate) <= maxChars) {
      current.push(word);
      continue;
    }
    lines.push(current.join(' '));
    current = [word];
    if (lines.length === maxLines) break;
  }
  if (lines.length < maxLines) {
    if (current.length > 0) lines.push(current.join(' '));
    return lines;
  }
  // Room for the ellipsis: drop the last word of a full line (or cut it when it is the only one).
  const last = lines[maxLines - 1] ?? '';
  const space = last.lastIndexOf(' ');
  const cut =
    Array.from(last).length < maxChars
      ? last
      : space > 0
        ? last.slice(0, space)
        : Array.from(last)
            .slice(0, maxChars - 1)
            .join('');
  lines[maxLines - 1] = `${cut.trimEnd()}…`;
  return lines;
}
