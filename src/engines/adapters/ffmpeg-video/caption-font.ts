/** Finding a font file for burned-in captions: fontconfig first, then the usual places. */
import { access } from 'node:fs/promises';
import { runProgram } from '../../processes/run-program.js';

export const FONT_CANDIDATES: readonly string[] = [
  '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
  '/usr/share/fonts/dejavu/DejaVuSans.ttf',
  '/usr/share/fonts/TTF/DejaVuSans.ttf',
  '/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf',
  '/usr/share/fonts/liberation-sans/LiberationSans-Regular.ttf',
  '/usr/share/fonts/truetype/freefont/FreeSans.ttf',
  '/usr/share/fonts/noto/NotoSans-Regular.ttf',
  '/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf',
  '/Library/Fonts/Arial.ttf',
  '/System/Library/Fonts/Supplemental/Arial.ttf',
];

const OUTLINE_FONT = /\.(ttf|otf|ttc)$/i;

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

/** A scalable font file, or undefined when there is none; never throws. */
export async function findCaptionFont(
  options: { fcMatchPath?: string; candidates?: readonly string[]; timeoutMs?: number } = {},
): Promise<string | undefined> {
  try {
    const out = await runProgram(options.fcMatchPath ?? 'fc-match', ['-f', '%{file}', 'DejaVu Sans'], {
      timeoutMs: options.timeoutMs ?? 5_000,
    });
    const file = out.toString('utf8').trim();
    if (OUTLINE_FONT.test(file) && (await exists(file))) return file;
  } catch {
    // fontconfig is not installed: try the usual places.
  }
  for (const candidate of options.candidates ?? FONT_CANDIDATES) {
    if (await exists(candidate)) return candidate;
  }
  return undefined;
}

let cached: Promise<string | undefined> | undefined;

/** findCaptionFont once per process. */
export function captionFont(): Promise<string | undefined> {
  cached ??= findCaptionFont();
  return cached;
}
