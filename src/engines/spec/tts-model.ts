/** The text-to-speech engine interface: one adapter per provider family, each with many voices. */

/** A setting a provider accepts, as the voice-configuration endpoint lists it. */
export interface SettingSpec {
  name: string;
  type: 'number' | 'boolean';
  description: string;
  default: number | boolean;
  min?: number;
  max?: number;
}

export type VoiceSettings = Record<string, number | boolean>;

export interface ProviderVoice {
  /** The provider's own voice id (espeak-ng `en-us+f3`, flite `slt`, an ElevenLabs id...). */
  providerVoiceId: string;
  name: string;
  description: string;
  /** A language name in English, e.g. "English", "Portuguese". */
  language: string;
  /** Only where it means something: American, British, Scottish... */
  accent?: string;
  gender?: 'female' | 'male' | 'neutral';
  /** Made by cloning samples (ElevenLabs) rather than offered by the provider. */
  cloned?: boolean;
}

export interface SpeechCallOptions {
  providerVoiceId: string;
  text: string;
  /** Already checked against `settings`: only known names, values within range. */
  settings: VoiceSettings;
  /** How to speak (tone, pace, accent), in words; only for a model that `takesInstructions`. */
  instructions?: string | undefined;
  abortSignal?: AbortSignal;
}

/** Raw 16-bit signed little-endian mono PCM, so chunks from any provider join and encode alike. */
export interface SpeechAudio {
  pcm: Buffer;
  sampleRate: number;
}

export interface TtsModel {
  /** Family name and the prefix of public voice ids: `espeak-ng`, `flite`, `openai`, `elevenlabs`. */
  readonly provider: string;
  /** The server a remote engine calls, as configured (it may carry credentials: never show it whole); absent for engines in this process. */
  readonly baseUrl?: string;
  readonly settings: readonly SettingSpec[];
  /** Longest text one call takes; the service splits longer texts at sentence boundaries. */
  readonly maxChunkCharacters: number;
  /** Whether it takes SpeechCallOptions.instructions (OpenAI's gpt-4o-mini-tts does); the others are told they are not. */
  readonly takesInstructions?: boolean;
  listVoices(): Promise<ProviderVoice[]>;
  doGenerate(options: SpeechCallOptions): Promise<SpeechAudio>;
}

export interface VoiceSample {
  filename: string;
  contentType: string;
  data: Buffer;
}

/** A family that can make a new voice from recorded samples (ElevenLabs). */
export interface VoiceCloner {
  readonly provider: string;
  cloneVoice(request: {
    name: string;
    description?: string | undefined;
    samples: VoiceSample[];
  }): Promise<ProviderVoice>;
  deleteVoice(providerVoiceId: string): Promise<void>;
}

export const canClone = (model: TtsModel): model is TtsModel & VoiceCloner =>
  typeof (model as Partial<VoiceCloner>).cloneVoice === 'function' &&
  typeof (model as Partial<VoiceCloner>).deleteVoice === 'function';

/** Settings every family gets because the service applies them itself (at MP3 encoding). */
export const COMMON_SETTINGS: readonly SettingSpec[] = [
  {
    name: 'volume',
    type: 'number',
    description: 'Loudness multiplier applied to the finished audio',
    default: 1,
    min: 0,
    max: 2,
  },
];
