import { z } from 'zod';

/** The hosted widget's `data-btn-position` values: four corners and two side tabs. */
export const LAUNCHER_POSITIONS = [
  'bottom-right',
  'bottom-left',
  'top-right',
  'top-left',
  'side-right',
  'side-left',
] as const;
/** `data-btn-size`, for the corner positions. */
export const LAUNCHER_SIZES = ['medium', 'large', 'xlarge'] as const;
/** `data-widget-icon`'s built-in names (anything else is an image URL). */
export const LAUNCHER_ICONS = [
  'spark',
  'bubble',
  'typing',
  'chats',
  'message',
  'smile',
  'heart',
  'question',
  'sparkles',
  'bot',
  'headset',
  'outline',
  'classic',
] as const;

export const LAUNCHER_LIMITS = { minWidth: 320, maxWidth: 720, label: 40, iconUrl: 500 } as const;

const HEX_COLOUR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** An icon: a built-in name, or the address of a picture (http or https, no credentials). */
function isIcon(value: string): boolean {
  if ((LAUNCHER_ICONS as readonly string[]).includes(value)) return true;
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** What the dashboard saves of a bot's launcher; every field optional (absent: the page's attribute, then the default). */
export const launcherSettingsSchema = z
  .strictObject({
    position: z.enum(LAUNCHER_POSITIONS).optional(),
    size: z.enum(LAUNCHER_SIZES).optional().describe('The button size at the corner positions'),
    width: z
      .number()
      .int()
      .min(LAUNCHER_LIMITS.minWidth)
      .max(LAUNCHER_LIMITS.maxWidth)
      .optional()
      .describe('The chat window width in pixels on desktop; phones always get the full screen'),
    icon: z
      .string()
      .trim()
      .max(LAUNCHER_LIMITS.iconUrl)
      .refine(isIcon, `must be an image URL (http or https) or one of ${LAUNCHER_ICONS.join(', ')}`)
      .optional(),
    color: z.string().trim().regex(HEX_COLOUR, 'must be a hex colour such as #3552d4').optional(),
    label: z.string().trim().min(1).max(LAUNCHER_LIMITS.label).optional().describe('The side tab text'),
  })
  .describe(
    "The chat launcher's look (position, size, width, icon, color, label); saved settings override the embedding page's data- attributes",
  );

export type LauncherSettings = z.output<typeof launcherSettingsSchema>;

/** The stored JSON as settings; a value that no longer parses (never written by this code) is no settings. */
export function parseLauncher(stored: string | null): LauncherSettings {
  if (!stored) return {};
  try {
    const parsed = launcherSettingsSchema.safeParse(JSON.parse(stored));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

/** Settings to store: null when none is set, so the page's attributes apply whole. */
export function storedLauncher(settings: LauncherSettings | null): string | null {
  if (!settings) return null;
  const set = Object.fromEntries(Object.entries(settings).filter(([, value]) => value !== undefined));
  return Object.keys(set).length > 0 ? JSON.stringify(set) : null;
}
