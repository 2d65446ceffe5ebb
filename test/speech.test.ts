import { beforeAll, describe, expect, it } from 'vitest';
import { probeAudio } from './helpers/media.js';
import { appWithAccount, withKey } from './helpers/test-app.js';

const suite = appWithAccount();

type SpeechResult = { uuid: string; url: string; used_characters: number; status: string };
const speak = (payload: Record<string, unknown>, apiKey = suite.key) =>
  suite.t.server.inject({ method: 'POST', url: '/api/generate-text-to-speech', headers: withKey(apiKey), payload });
const download = async (url: string, headers: Record<string, string> = {}) =>
  suite.t.server.inject({ url: new URL(url).pathname, headers });

describe('POST /api/generate-text-to-speech', () => {
  it('speaks a text with an espeak-ng voice into a public MP3 and bills its words', async () => {
    const res = await speak({
      voiceID: 'espeak-ng:en-us',
      text: 'Hello there, this is Atelier speaking. Have a lovely day!',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<SpeechResult>();
    expect(body).toEqual({
      uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      url: expect.stringMatching(/\/files\/tts\/.+\.mp3$/),
      used_characters: 10,
      status: 'completed',
    });
    expect(body.url.startsWith('http://127.0.0.1:8080/files/tts/')).toBe(true);

    const file = await download(body.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('audio/mpeg');
    expect(String(file.headers['cache-control'])).toContain('max-age=31536000');
    const audio = await probeAudio(file.rawPayload);
    expect(audio.codec).toBe('mp3');
    expect(audio.channels).toBe(1);
    expect(audio.durationSeconds).toBeGreaterThan(2);
    expect(audio.durationSeconds).toBeLessThan(8);

    const range = await download(body.url, { range: 'bytes=100-199' });
    expect(range.statusCode).toBe(206);
    expect(range.headers['content-range']).toBe(`bytes 100-199/${file.rawPayload.length}`);
    expect(range.rawPayload).toHaveLength(100);
  });

  it('applies settings, records unsupported ones as warnings, and refuses bad values', async () => {
    const slow = await speak({
      voiceID: 'espeak-ng:en-us',
      text: 'One two three four five six.',
      voiceSettings: { speed: 0.5, pitch: 20, volume: 1.5, stability: 0.3 },
    });
    const fast = await speak({
      voiceID: 'espeak-ng:en-us',
      text: 'One two three four five six.',
      voiceSettings: { speed: 2 },
    });
    const slowAudio = await probeAudio((await download(slow.json<SpeechResult>().url)).rawPayload);
    const fastAudio = await probeAudio((await download(fast.json<SpeechResult>().url)).rawPayload);
    expect(slowAudio.durationSeconds).toBeGreaterThan(fastAudio.durationSeconds * 2);
    const record = (
      await suite.t.server.inject({
        url: `/api/text-to-speech/${slow.json<SpeechResult>().uuid}`,
        headers: withKey(suite.key),
      })
    ).json<{ warnings: string[]; duration_seconds: number }>();
    expect(record.warnings).toEqual(['voiceSettings.stability is not supported by espeak-ng and was ignored']);
    expect(record.duration_seconds).toBeCloseTo(slowAudio.durationSeconds, 0);

    const outOfRange = await speak({ voiceID: 'flite:slt', text: 'hi there', voiceSettings: { speed: 9 } });
    expect(outOfRange.statusCode).toBe(400);
    expect(outOfRange.json<{ error: string }>().error).toBe('voiceSettings.speed must be between 0.5 and 2 for flite');
    const wrongType = await speak({ voiceID: 'flite:slt', text: 'hi there', voiceSettings: { speed: true } });
    expect(wrongType.json<{ error: string }>().error).toBe('voiceSettings.speed must be a number');
  });
});

describe('GET /api/text-to-speech', () => {
  it("lists the account's results newest first, pages back with before, and shows no one else's", async () => {
    const own = await suite.t.account({ plan: 'pro' });
    const made: string[] = [];
    for (const text of ['First one.', 'Second one.', 'Third one.'])
      made.push((await speak({ voiceID: 'espeak-ng:en-us', text }, own.key)).json<SpeechResult>().uuid);
    const list = (query = '', apiKey = own.key) =>
      suite.t.server.inject({ url: `/api/text-to-speech${query}`, headers: withKey(apiKey) });
    const all = (await list()).json<{ items: { uuid: string; created_at: string; duration_seconds: number }[] }>()
      .items;
    expect(all.map((r) => r.uuid)).toEqual([...made].reverse());
    expect(all[0]?.duration_seconds).toBeGreaterThan(0);
    const first = (await list('?limit=2')).json<{ items: { uuid: string; created_at: string }[] }>().items;
    expect(first).toHaveLength(2);
    const older = (await list(`?limit=2&before=${encodeURIComponent(first[1]?.created_at ?? '')}`)).json<{
      items: { uuid: string }[];
    }>().items;
    expect(older.map((r) => r.uuid)).toEqual([made[0]]);
    const other = await suite.t.account({ plan: 'pro' });
    expect((await list('', other.key)).json()).toEqual({ items: [] });
    for (const bad of ['?limit=0', '?limit=101', '?before=yesterday'])
      expect((await list(bad)).statusCode, bad).toBe(400);
  });
});

describe('text-to-speech bad input, each a clear error that charges nothing', () => {
  let poorKey: string;
  const wordsUsed = async (apiKey: string) =>
    (await suite.t.server.inject({ url: '/api/account', headers: withKey(apiKey) })).json<{
      usage: { tts_words_used: number; tts_words_left: number };
    }>().usage;

  beforeAll(async () => {
    poorKey = (await suite.t.account({ plan: 'free' })).key;
  });

  it.each([
    [{ voiceID: 'espeak-ng:en-us', text: '' }, 'text'],
    [{ voiceID: 'espeak-ng:en-us', text: '   \n\t ' }, 'nothing to speak'],
    [{ voiceID: 'espeak-ng:en-us', text: '🎉🚀🎉 ✨' }, 'nothing to speak'],
    [{ voiceID: 'espeak-ng:en-us', text: `${'a '.repeat(2501)}b` }, 'at most 5000 characters'],
    [{ voiceID: 'espeak-ng:xx-nowhere', text: 'hello' }, 'Unknown voiceID: espeak-ng:xx-nowhere'],
    [{ voiceID: 'no-such-provider:abc', text: 'hello' }, 'Unknown voiceID'],
    [{ voiceID: 'custom:00000000-0000-4000-8000-000000000000', text: 'hello' }, 'Unknown voiceID'],
    [{ voiceID: 'espeak-ng:en-us' }, 'text'],
    [{ text: 'hello' }, 'voiceID'],
  ])('%j -> 400 (%s)', async (payload, fragment) => {
    const res = await speak(payload, poorKey);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: string }>().error).toContain(fragment);
    expect((await wordsUsed(poorKey)).tts_words_used).toBe(0);
  });

  it('answers 402 when the words would pass the allowance, and spends none', async () => {
    // An account of its own: the one above must have spent nothing, whichever order these tests run in.
    const spenderKey = (await suite.t.account({ plan: 'free' })).key;
    const ok = await speak({ voiceID: 'espeak-ng:en-us', text: 'a '.repeat(1500) }, spenderKey);
    expect(ok.statusCode).toBe(200);
    expect(await wordsUsed(spenderKey)).toMatchObject({ tts_words_used: 1500, tts_words_left: 500 });
    const over = await speak({ voiceID: 'espeak-ng:en-us', text: 'a '.repeat(501) }, spenderKey);
    expect(over.statusCode).toBe(402);
    expect(over.json<{ error: string }>().error).toBe(
      'Text-to-speech word limit reached: this text has 501 words and 500 of the 2000 words of the free plan are left this period',
    );
    expect((await wordsUsed(spenderKey)).tts_words_used).toBe(1500);
  });
});

describe('GET /api/get-text-to-speech-config', () => {
  type Filters = {
    languages: string[];
    accents: string[];
    total_voices: number;
    filtered_by_language: string | null;
    filtered_voices_count: number | null;
  };
  const filters = async (query = '') => {
    const res = await suite.t.server.inject({ url: `/api/get-text-to-speech-config${query}` });
    expect(res.statusCode).toBe(200);
    return res.json<Filters>();
  };
  const voiceCount = async (query: string) =>
    (await suite.t.server.inject({ url: `/api/get-text-to-speech-voices?${query}` })).json<{ total: number }>().total;

  it('is public, and every language and accent it offers filters the voice list to at least one voice', async () => {
    const all = await filters();
    expect(all).toMatchObject({ filtered_by_language: null, filtered_voices_count: null });
    expect(all.total_voices).toBe(await voiceCount(''));
    expect(all.languages).toEqual(expect.arrayContaining(['English', 'French', 'German']));
    expect(all.accents).toEqual(expect.arrayContaining(['American', 'British', 'Scottish']));
    for (const language of all.languages)
      expect(await voiceCount(`language=${encodeURIComponent(language)}`), language).toBeGreaterThan(0);
    for (const accent of all.accents)
      expect(await voiceCount(`accent=${encodeURIComponent(accent)}`), accent).toBeGreaterThan(0);
  });

  it("with a language, gives that language's accents and how many voices speak it, as the voice list counts them", async () => {
    const english = await filters('?language=english');
    expect(english.filtered_by_language).toBe('english');
    expect(english.filtered_voices_count).toBe(await voiceCount('language=English'));
    expect(english.accents).toEqual(expect.arrayContaining(['American', 'British', 'Scottish']));
    expect(english.accents).not.toContain('Brazilian');
    for (const accent of english.accents)
      expect(await voiceCount(`language=English&accent=${encodeURIComponent(accent)}`), accent).toBeGreaterThan(0);
    expect(await filters('?language=Elvish')).toMatchObject({ accents: [], filtered_voices_count: 0 });
    const tooLong = await suite.t.server.inject({ url: `/api/get-text-to-speech-config?language=${'x'.repeat(101)}` });
    expect(tooLong.statusCode).toBe(400);
  });
});

describe('GET /api/get-text-to-speech-voices', () => {
  type VoiceList = {
    voices: { id: string; name: string; description: string; image: string; language: string; accent?: string }[];
    total: number;
    filters: { language: string | null; accent: string | null };
    available: { languages: string[]; accents: string[] };
  };

  it('is public and lists both embedded families with their variants', async () => {
    const res = await suite.t.server.inject({ url: '/api/get-text-to-speech-voices' });
    expect(res.statusCode).toBe(200);
    const body = res.json<VoiceList>();
    expect(body.total).toBe(body.voices.length);
    expect(body.total).toBeGreaterThan(250);
    const ids = body.voices.map((v) => v.id);
    expect(ids).toEqual(
      expect.arrayContaining(['espeak-ng:en-us', 'espeak-ng:en-us+f3', 'espeak-ng:fr-fr', 'flite:slt', 'flite:awb']),
    );
    expect(ids).not.toContain('flite:awb_time');
    expect(body.filters).toEqual({ language: null, accent: null });
    expect(body.available.languages.length).toBeGreaterThan(80);
    const slt = body.voices.find((v) => v.id === 'flite:slt');
    expect(slt).toMatchObject({ language: 'English', accent: 'American' });
    expect(body.voices.find((v) => v.id === 'espeak-ng:de')).toMatchObject({ language: 'German' });
    expect(body.voices.find((v) => v.id === 'espeak-ng:de')?.accent).toBeUndefined();
  });

  it('filters by language and accent, case-insensitively, and computes what is available from the results', async () => {
    const body = (
      await suite.t.server.inject({ url: '/api/get-text-to-speech-voices?language=english&accent=SCOTTISH' })
    ).json<VoiceList>();
    expect(body.filters).toEqual({ language: 'english', accent: 'SCOTTISH' });
    expect(body.voices.map((v) => v.id)).toEqual(expect.arrayContaining(['flite:awb', 'espeak-ng:en-gb-scotland']));
    expect(body.voices.every((v) => v.language === 'English' && v.accent === 'Scottish')).toBe(true);
    expect(body.available).toEqual({ languages: ['English'], accents: ['Scottish'] });
    const english = (
      await suite.t.server.inject({ url: '/api/get-text-to-speech-voices?language=English' })
    ).json<VoiceList>();
    expect(english.available.accents).toEqual(expect.arrayContaining(['American', 'British', 'Scottish']));
    const none = (
      await suite.t.server.inject({ url: '/api/get-text-to-speech-voices?language=Elvish' })
    ).json<VoiceList>();
    expect(none).toMatchObject({ voices: [], total: 0, available: { languages: [], accents: [] } });
  });

  it('serves a generated image for each voice', async () => {
    const [voice] = (
      await suite.t.server.inject({ url: '/api/get-text-to-speech-voices?language=English' })
    ).json<VoiceList>().voices;
    const image = await suite.t.server.inject({ url: new URL(voice?.image ?? '').pathname });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toContain('image/svg+xml');
    expect(image.body).toContain('<svg');
  });

  it("needs a valid key for include_custom=true and then adds only the caller's voices", async () => {
    expect(
      (await suite.t.server.inject({ url: '/api/get-text-to-speech-voices?include_custom=true' })).statusCode,
    ).toBe(401);
    expect(
      (
        await suite.t.server.inject({
          url: '/api/get-text-to-speech-voices?include_custom=true',
          headers: withKey('atl_wrong'),
        })
      ).statusCode,
    ).toBe(401);
    const owner = await suite.t.account();
    const other = await suite.t.account();
    await suite.t.server.inject({
      method: 'POST',
      url: '/api/voices',
      headers: withKey(owner.key),
      payload: { name: 'Narrator', base_voice_id: 'flite:rms', settings: { speed: 0.9 } },
    });
    const mine = (
      await suite.t.server.inject({
        url: '/api/get-text-to-speech-voices?include_custom=true',
        headers: withKey(owner.key),
      })
    ).json<VoiceList>();
    expect(mine.voices.filter((v) => v.id.startsWith('custom:')).map((v) => v.name)).toEqual(['Narrator']);
    const theirs = (
      await suite.t.server.inject({
        url: '/api/get-text-to-speech-voices?include_custom=true',
        headers: withKey(other.key),
      })
    ).json<VoiceList>();
    expect(theirs.voices.some((v) => v.id.startsWith('custom:'))).toBe(false);
    const publicList = (await suite.t.server.inject({ url: '/api/get-text-to-speech-voices' })).json<VoiceList>();
    expect(publicList.voices.some((v) => v.id.startsWith('custom:'))).toBe(false);
  });
});

describe('GET /api/get-text-to-speech-voice-settings', () => {
  it('lists per provider the settings it accepts with ranges and defaults, without a key', async () => {
    const res = await suite.t.server.inject({ url: '/api/get-text-to-speech-voice-settings' });
    expect(res.statusCode).toBe(200);
    const { providers, max_text_characters } = res.json<{
      providers: { provider: string; settings: { name: string; default: unknown; min?: number; max?: number }[] }[];
      max_text_characters: number;
    }>();
    expect(max_text_characters).toBe(5000);
    expect(providers.map((p) => p.provider)).toEqual(['espeak-ng', 'flite']);
    const espeak = providers[0]?.settings.map((s) => s.name);
    expect(espeak).toEqual(['speed', 'pitch', 'word_gap', 'volume']);
    expect(providers[1]?.settings.find((s) => s.name === 'speed')).toMatchObject({ default: 1, min: 0.5, max: 2 });
  });
});
