import type { ProviderVoice } from '../../spec/tts-model.js';

const languageNames = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });

/** Accents only where the voice name says a place that people use as an accent. */
const ACCENTS: Record<string, string> = {
  America: 'American',
  'America, New York City': 'New York',
  'Great Britain': 'British',
  Scotland: 'Scottish',
  Caribbean: 'Caribbean',
  Lancaster: 'Lancashire',
  'West Midlands': 'West Midlands',
  'Received Pronunciation': 'Received Pronunciation',
  Brazil: 'Brazilian',
  Portugal: 'European',
  'Latin America': 'Latin American',
  Belgium: 'Belgian',
  Switzerland: 'Swiss',
  France: 'French',
};

/** Variants worth offering: a female voice for every language, more choice for English. */
const FEMALE_VARIANT = 'f3';
const ENGLISH_VARIANTS: { variant: string; label: string; gender: ProviderVoice['gender'] }[] = [
  { variant: 'f2', label: 'female, lighter', gender: 'female' },
  { variant: 'f4', label: 'female, deeper', gender: 'female' },
  { variant: 'm3', label: 'male, deeper', gender: 'male' },
  { variant: 'm7', label: 'male, older', gender: 'male' },
  { variant: 'whisper', label: 'whispering', gender: 'male' },
];

/** Parses `espeak-ng --voices` into the catalogue, each voice with its useful variants. */
export function parseEspeakVoices(listing: string): ProviderVoice[] {
  const voices: ProviderVoice[] = [];
  for (const line of listing.split('\n').slice(1)) {
    const columns = line.trim().split(/\s+/);
    const [, code, , rawName] = columns;
    if (!code || !rawName) continue;
    const displayName = rawName.replaceAll('_', ' ');
    const place = /\(([^)]*)\)/.exec(displayName)?.[1];
    const language = languageName(code, displayName);
    const accent = place ? ACCENTS[place] : undefined;
    const base: ProviderVoice = {
      providerVoiceId: code,
      name: displayName,
      description: `espeak-ng ${displayName}, male (offline formant synthesis)`,
      language,
      ...(accent && { accent }),
      gender: 'male',
    };
    voices.push(base, variantOf(base, FEMALE_VARIANT, 'female', 'female'));
    if (code.startsWith('en')) {
      for (const v of ENGLISH_VARIANTS) voices.push(variantOf(base, v.variant, v.label, v.gender));
    }
  }
  return voices;
}

function variantOf(
  base: ProviderVoice,
  variant: string,
  label: string,
  gender: ProviderVoice['gender'],
): ProviderVoice {
  return {
    ...base,
    providerVoiceId: `${base.providerVoiceId}+${variant}`,
    name: `${base.name} (${label})`,
    description: `espeak-ng ${base.name}, ${label} (offline formant synthesis)`,
    gender,
  };
}

function languageName(code: string, displayName: string): string {
  const primary = code.split('-')[0] ?? code;
  const fromIntl = (() => {
    try {
      return languageNames.of(primary);
    } catch {
      return undefined;
    }
  })();
  return fromIntl ?? displayName.replace(/\s*\(.*\)\s*/, '').trim();
}
