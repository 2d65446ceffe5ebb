import { describe, expect, it } from 'vitest';
import { type Audio, settled, transcriptionSuite } from './helpers/transcription-suite.js';

// The hosted interface 1.0.5's POST /api/audios: the record's fields at the top level with transcription_status,
// as its examples show, and the `audio` object the spec and 1.0.4 clients read, both in one answer.
const suite = transcriptionSuite();
const { post } = suite;

type Answer = Audio & { transcription_status: string; audio: Audio };
const readRaw = async (uuid: string) => (await post('/api/audios', { audio_id: uuid })).json<Answer>();

/** The hosted docs' polling loop (create-transcription.mdx, step 2), with the test's own pace. */
async function waitForTranscription(uuid: string): Promise<Answer> {
  for (let attempt = 0; attempt < 400; attempt++) {
    const response = await post('/api/audios', { audio_id: uuid });
    const data = response.json<Answer>();
    if (response.statusCode !== 200) throw new Error(`HTTP ${response.statusCode}: ${JSON.stringify(data)}`);
    if (!data || data.uuid !== uuid) throw new Error(`Unexpected response for transcription ${uuid}`);
    if (data.transcription_status === 'failed') return data;
    if (data.transcription_status === 'done' || (!data.transcription_status && data.content)) return data;
    if (data.transcription_status && data.transcription_status !== 'processing')
      throw new Error(`Unknown transcription status: ${data.transcription_status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Timed out waiting for transcription ${uuid}`);
}

describe('POST /api/audios in the hosted 1.0.5 shape, and the 1.0.4 one', () => {
  it('answers the processing example, then the completed one, with the audio object beside them', async () => {
    const release = suite.files.hold('/line.mp3');
    const created = await post('/api/transcriptions', {
      url: suite.files.url('/line.mp3'),
      name: 'Team Meeting',
      audio_type: 'meeting',
    });
    expect(created.statusCode).toBe(200);
    const { uuid } = created.json<{ uuid: string }>();

    const processing = await readRaw(uuid);
    // The fact sheet's "processing" example, field for field.
    expect(processing).toMatchObject({
      uuid,
      name: 'Team Meeting',
      content: '',
      segments: [],
      audio_type: 'Meeting',
      language: 'English',
      transcription_status: 'processing',
    });
    expect(typeof processing.created_at).toBe('string');
    const { transcription_status: _status, audio, ...flat } = processing;
    expect(audio).toEqual(flat);
    expect(audio.status).toMatch(/^(pending|processing)$/);
    release();

    const done = await waitForTranscription(uuid);
    expect(done.transcription_status, done.error).toBe('done');
    // The "completed" example: content and timed segments with speakers, at the top level and under audio.
    expect(done.content.length).toBeGreaterThan(0);
    expect(done.segments.length).toBeGreaterThan(0);
    for (const s of done.segments) expect(s).toMatchObject({ start: expect.any(Number), speaker: 'Speaker 1' });
    expect(done.audio).toMatchObject({ status: 'completed', content: done.content, segments: done.segments });
    // What the spec's clients poll for: audio.content non-empty.
    expect(done.audio.content).toBe(done.content);
  }, 60_000);

  it('says failed at the top level for a job that failed', async () => {
    const { uuid } = (await post('/api/transcriptions', { url: suite.files.url('/not-audio.mp3') })).json<{
      uuid: string;
    }>();
    const failed = await waitForTranscription(uuid);
    expect(failed.transcription_status).toBe('failed');
    expect(failed.audio.status).toBe('failed');
    expect(failed.error).toBe(failed.audio.error);
  }, 60_000);

  it('answers the new error texts: Missing audio_id. and Audio not found', async () => {
    for (const body of [{}, { audio_id: null }]) {
      const missing = await post('/api/audios', body);
      expect(missing.statusCode, JSON.stringify(body)).toBe(400);
      expect(missing.json()).toEqual({ error: 'Missing audio_id.' });
    }
    const bad = await post('/api/audios', { audio_id: 'not-a-uuid' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: 'audio_id: must be the uuid returned when the transcription was created' });
    const unknown = await post('/api/audios', { audio_id: '4bc4e8ee-f29e-4a53-996e-5da955c42927' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'Audio not found' });
  });

  it('detects speakers by default, and not when told', async () => {
    const byDefault = (await post('/api/transcriptions', { url: suite.files.url('/line.mp3') })).json<{
      uuid: string;
    }>();
    const off = (
      await post('/api/transcriptions', { url: suite.files.url('/line.mp3'), detect_speakers: false })
    ).json<{ uuid: string }>();
    expect((await readRaw(byDefault.uuid)).detect_speakers).toBe(true);
    expect((await readRaw(off.uuid)).detect_speakers).toBe(false);
    const plain = await suite.waitFor(off.uuid, settled);
    expect(plain.status, plain.error).toBe('completed');
    for (const s of plain.segments) expect(s.speaker).toBeUndefined();
  }, 60_000);
});
