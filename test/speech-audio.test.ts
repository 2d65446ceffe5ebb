import { describe, expect, it } from 'vitest';
import { probeAudio, transcribe } from './helpers/media.js';
import { appWithAccount, withKey } from './helpers/test-app.js';

// What the speech sounds like (through pocketsphinx and ffprobe): engine work, most of the file's time. What it
// reaches in the database is speech.test.ts's, which runs on both: this file runs on SQLite only (vitest.config.ts).
const suite = appWithAccount();

type SpeechResult = { url: string; used_characters: number };
const speak = (payload: Record<string, unknown>) =>
  suite.t.server.inject({ method: 'POST', url: '/api/generate-text-to-speech', headers: withKey(suite.key), payload });
const download = async (url: string) => suite.t.server.inject({ url: new URL(url).pathname });

describe('POST /api/generate-text-to-speech, heard', () => {
  it('round trip: flite speech comes back through pocketsphinx with most of its words', async () => {
    const sentence = 'the weather is nice today and we will go to the park in the afternoon';
    const res = await speak({ voiceID: 'flite:slt', text: sentence });
    expect(res.statusCode).toBe(200);
    const mp3 = (await download(res.json<SpeechResult>().url)).rawPayload;
    const heard = new Set(await transcribe(mp3));
    const expected = sentence.split(' ');
    const found = expected.filter((w) => heard.has(w));
    expect(found.length / expected.length).toBeGreaterThanOrEqual(0.6);
  }, 60_000);

  it('splits a long text at sentences and joins the pieces into one recording', async () => {
    const sentence = 'Every sentence here adds a little more speech to the recording. ';
    const short = await speak({ voiceID: 'espeak-ng:en-us', text: sentence });
    const long = await speak({ voiceID: 'espeak-ng:en-us', text: sentence.repeat(70) });
    expect(long.statusCode).toBe(200);
    expect(sentence.repeat(70).length).toBeGreaterThan(4000);
    const one = await probeAudio((await download(short.json<SpeechResult>().url)).rawPayload);
    const many = await probeAudio((await download(long.json<SpeechResult>().url)).rawPayload);
    expect(many.durationSeconds / one.durationSeconds).toBeGreaterThan(50);
    expect(long.json<SpeechResult>().used_characters).toBe(11 * 70);
  }, 60_000);
});
