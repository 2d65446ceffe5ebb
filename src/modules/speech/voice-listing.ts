import { CUSTOM_PREFIX, type CustomVoicesService } from './custom-voices.service.js';
import { voiceAvatarSvg } from './voice-avatar.js';
import type { PublicVoice, VoiceCatalogue } from './voice-catalogue.js';
import { settingsOf } from './voice-settings.js';

export interface VoiceQuery {
  language?: string;
  accent?: string;
  /** Adds this account's custom voices. */
  accountId?: string;
}

/** One collator for every comparison: localeCompare with options builds one per call (a third of a voice list's time). */
const caseless = new Intl.Collator('en', { sensitivity: 'accent' });
const same = (a: string | undefined, b: string) => a !== undefined && caseless.compare(a, b) === 0;
const sortedUnique = (values: (string | undefined)[]) =>
  [...new Set(values.filter((v): v is string => Boolean(v)))].sort((a, b) => a.localeCompare(b));

/** The voice list as the spec shapes it, the settings per provider, and the voices' generated portraits. */
export class VoiceListing {
  constructor(
    private readonly catalogue: VoiceCatalogue,
    private readonly customVoices: CustomVoicesService,
  ) {}

  async list(query: VoiceQuery) {
    const predefined = (await this.catalogue.all()).map((c) => c.voice).filter((v) => !v.custom);
    const own: PublicVoice[] = query.accountId ? await this.customVoices.list(query.accountId) : [];
    const language = query.language?.trim() || undefined;
    const accent = query.accent?.trim() || undefined;
    const voices = [...own, ...predefined]
      .filter((v) => !language || same(v.language, language))
      .filter((v) => !accent || same(v.accent, accent))
      .map(({ id, name, description, image, language: lang, accent: acc, provider, gender, custom }) => ({
        id,
        name,
        description,
        image,
        language: lang,
        ...(acc && { accent: acc }),
        provider,
        ...(gender && { gender }),
        custom,
      }));
    return {
      voices,
      total: voices.length,
      filters: { language: language ?? null, accent: accent ?? null },
      available: {
        languages: sortedUnique(voices.map((v) => v.language)),
        accents: sortedUnique(voices.map((v) => v.accent)),
      },
    };
  }

  /**
   * The filter values of the voice list (the reference's getTTSConfig): every language of the predefined voices,
   * and their accents (of one language when given), from the same catalogue as `list`, so the two agree.
   */
  async filters(language?: string) {
    const predefined = (await this.catalogue.all()).map((c) => c.voice).filter((v) => !v.custom);
    const asked = language?.trim() || undefined;
    const inLanguage = asked ? predefined.filter((v) => same(v.language, asked)) : predefined;
    return {
      languages: sortedUnique(predefined.map((v) => v.language)),
      accents: sortedUnique(inLanguage.map((v) => v.accent)),
      total_voices: predefined.length,
      filtered_by_language: asked ?? null,
      filtered_voices_count: asked ? inLanguage.length : null,
    };
  }

  settings() {
    return this.catalogue.providers().map((model) => ({
      provider: model.provider,
      max_chunk_characters: model.maxChunkCharacters,
      settings: settingsOf(model).map((s) => ({ ...s })),
    }));
  }

  async avatar(voiceId: string): Promise<string | undefined> {
    if (voiceId.startsWith(CUSTOM_PREFIX)) return voiceAvatarSvg(voiceId, 'Custom Voice');
    const found = await this.catalogue.find(voiceId);
    return found && voiceAvatarSvg(found.voice.id, found.voice.name);
  }
}
