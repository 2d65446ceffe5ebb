import type { ProviderVoice, TtsModel } from '../../engines/spec/tts-model.js';

/** A voice as the API shows it. */
export interface PublicVoice {
  id: string;
  name: string;
  description: string;
  image: string;
  language: string;
  accent?: string;
  provider: string;
  gender?: string;
  custom: boolean;
}

export interface CatalogueVoice {
  voice: PublicVoice;
  model: TtsModel;
  providerVoiceId: string;
}

interface Indexed {
  list: CatalogueVoice[];
  byId: Map<string, CatalogueVoice>;
}

/**
 * The predefined voices of every configured provider family, under ids `<provider>:<provider voice id>`.
 * Providers cache their own lists; a provider whose list cannot be read (program missing, remote down)
 * simply contributes no voices until it can.
 */
export class VoiceCatalogue {
  private readonly indexed = new WeakMap<ProviderVoice[], Indexed>();
  private readonly byProvider: Map<string, TtsModel>;

  constructor(
    private readonly models: readonly TtsModel[],
    private readonly imageUrl: (voiceId: string) => string,
    private readonly onProviderError: (provider: string, error: unknown) => void = () => undefined,
  ) {
    this.byProvider = new Map(models.map((m) => [m.provider, m]));
  }

  providers(): readonly TtsModel[] {
    return this.models;
  }

  provider(name: string): TtsModel | undefined {
    return this.byProvider.get(name);
  }

  async all(): Promise<CatalogueVoice[]> {
    return (await this.indexes()).flatMap((i) => i.list);
  }

  async find(id: string): Promise<CatalogueVoice | undefined> {
    const provider = id.slice(0, id.indexOf(':'));
    const model = this.byProvider.get(provider);
    if (!model) return undefined;
    const index = await this.indexOf(model);
    return index?.byId.get(id);
  }

  private async indexes(): Promise<Indexed[]> {
    const all = await Promise.all(this.models.map((m) => this.indexOf(m)));
    return all.filter((i): i is Indexed => i !== undefined);
  }

  private async indexOf(model: TtsModel): Promise<Indexed | undefined> {
    let voices: ProviderVoice[];
    try {
      voices = await model.listVoices();
    } catch (error) {
      this.onProviderError(model.provider, error);
      return undefined;
    }
    let index = this.indexed.get(voices);
    if (!index) {
      const list = voices.map((v) => this.toCatalogueVoice(model, v));
      index = { list, byId: new Map(list.map((c) => [c.voice.id, c])) };
      this.indexed.set(voices, index);
    }
    return index;
  }

  private toCatalogueVoice(model: TtsModel, v: ProviderVoice): CatalogueVoice {
    const id = `${model.provider}:${v.providerVoiceId}`;
    return {
      model,
      providerVoiceId: v.providerVoiceId,
      voice: {
        id,
        name: v.name,
        description: v.description,
        image: this.imageUrl(id),
        language: v.language,
        ...(v.accent && { accent: v.accent }),
        provider: model.provider,
        ...(v.gender && { gender: v.gender }),
        custom: v.cloned === true,
      },
    };
  }
}
