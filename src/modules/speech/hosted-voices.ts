import type { CatalogueVoice } from './voice-catalogue.js';
import type { Warning } from '../../engines/spec/warnings.js';

/**
 * Voice ids of the hosted service that its clients send as they are: the hosted reference's own example
 * (ElevenLabs' premade Rachel) and the other premade ElevenLabs voices whose ids are widely published, and
 * OpenAI's voice names. Each is spoken by the voice of that id when its provider is configured here, and
 * otherwise by the closest configured voice (language, accent, gender), with a warning that says so.
 */
interface HostedVoice {
  name: string;
  provider: 'elevenlabs' | 'openai';
  gender: 'female' | 'male';
  accent: string;
}

const HOSTED_VOICES: Record<string, HostedVoice> = {
  '21m00Tcm4TlvDq8ikWAM': { name: 'Rachel', provider: 'elevenlabs', gender: 'female', accent: 'American' },
  AZnzlk1XvdvUeBnXmlld: { name: 'Domi', provider: 'elevenlabs', gender: 'female', accent: 'American' },
  EXAVITQu4vr4xnSDxMaL: { name: 'Bella', provider: 'elevenlabs', gender: 'female', accent: 'American' },
  ErXwobaYiN019PkySvjV: { name: 'Antoni', provider: 'elevenlabs', gender: 'male', accent: 'American' },
  MF3mGyEYCl7XYWbV9V6O: { name: 'Elli', provider: 'elevenlabs', gender: 'female', accent: 'American' },
  TxGEqnHWrfWFTfGW9XjX: { name: 'Josh', provider: 'elevenlabs', gender: 'male', accent: 'American' },
  VR6AewLTigWG4xSOukaG: { name: 'Arnold', provider: 'elevenlabs', gender: 'male', accent: 'American' },
  pNInz6obpgDQGcFmaJgB: { name: 'Adam', provider: 'elevenlabs', gender: 'male', accent: 'American' },
  yoZ06aMxZJJ28mfd3POQ: { name: 'Sam', provider: 'elevenlabs', gender: 'male', accent: 'American' },
  alloy: { name: 'Alloy', provider: 'openai', gender: 'female', accent: 'American' },
  ash: { name: 'Ash', provider: 'openai', gender: 'male', accent: 'American' },
  ballad: { name: 'Ballad', provider: 'openai', gender: 'male', accent: 'British' },
  coral: { name: 'Coral', provider: 'openai', gender: 'female', accent: 'American' },
  echo: { name: 'Echo', provider: 'openai', gender: 'male', accent: 'American' },
  fable: { name: 'Fable', provider: 'openai', gender: 'male', accent: 'British' },
  onyx: { name: 'Onyx', provider: 'openai', gender: 'male', accent: 'American' },
  nova: { name: 'Nova', provider: 'openai', gender: 'female', accent: 'American' },
  sage: { name: 'Sage', provider: 'openai', gender: 'female', accent: 'American' },
  shimmer: { name: 'Shimmer', provider: 'openai', gender: 'female', accent: 'American' },
  verse: { name: 'Verse', provider: 'openai', gender: 'male', accent: 'American' },
};

export interface HostedVoiceChoice {
  voice: CatalogueVoice;
  warnings: Warning[];
}

/**
 * The voice for a hosted voice id without our `provider:` prefix: the provider's own voice when it is
 * configured (`find`), otherwise a stand-in from `all`; undefined for ids that are not hosted voices.
 */
export async function resolveHostedVoice(
  voiceId: string,
  find: (id: string) => Promise<CatalogueVoice | undefined>,
  all: () => Promise<CatalogueVoice[]>,
): Promise<HostedVoiceChoice | undefined> {
  const hosted = HOSTED_VOICES[voiceId];
  if (!hosted) return undefined;
  const own = await find(`${hosted.provider}:${voiceId}`);
  if (own) return { voice: own, warnings: [] };
  const english = (await all()).filter((c) => !c.voice.custom && c.voice.language === 'English');
  const stand = [
    (c: CatalogueVoice) => c.voice.gender === hosted.gender && c.voice.accent === hosted.accent,
    (c: CatalogueVoice) => c.voice.gender === hosted.gender,
    () => true,
  ]
    .map((matches) => english.find(matches))
    .find((c) => c !== undefined);
  if (!stand) return undefined;
  const where =
    hosted.provider === 'elevenlabs'
      ? 'ElevenLabs (ATELIER_ELEVENLABS_API_KEY)'
      : 'an OpenAI-compatible speech server (ATELIER_TTS_OPENAI_BASE_URL)';
  return {
    voice: stand,
    warnings: [
      {
        type: 'adjusted-setting',
        setting: 'voiceID',
        message: `${hosted.name} (${voiceId}) is a voice of ${where}, which is not configured here: spoken by ${stand.voice.name} (${stand.voice.id}) instead`,
      },
    ],
  };
}
