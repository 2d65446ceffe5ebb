import { beforeAll, describe, expect, it } from 'vitest';
import { MEETING_SCRIPT, makeRecording } from './helpers/recordings.js';
import { settled, transcriptionSuite } from './helpers/transcription-suite.js';

// Whole recordings through pocketsphinx (its CPU is most of the file's time). Their statements on PostgreSQL are
// multi-process.test.ts's and transcription-jobs.test.ts's: this file runs on SQLite only (vitest.config.ts).
const suite = transcriptionSuite();
const { post, read, waitFor } = suite;
let recording: ReturnType<typeof makeRecording>;
let podcast: ReturnType<typeof makeRecording>;
beforeAll(() => {
  recording = makeRecording(MEETING_SCRIPT);
  suite.files.serve('/meeting.mp3', recording.mp3, 'audio/mpeg');
  // Turns back to back: the recogniser hears no pause where the speaker changes.
  podcast = makeRecording(MEETING_SCRIPT.slice(0, 4), 0);
  suite.files.serve('/podcast.mp3', podcast.mp3, 'audio/mpeg');
});

describe('transcription by URL, end to end with pocketsphinx', () => {
  it('transcribes a meeting recording served over HTTP and derives every Meeting field', async () => {
    // The recording is held until the early request has been answered: it cannot be transcribed before.
    const release = suite.files.hold('/meeting.mp3');
    const created = await post('/api/transcriptions', {
      url: suite.files.url('/meeting.mp3'),
      audio_type: 'meeting',
      language: 'English',
      name: 'Weekly meeting',
    });
    expect(created.statusCode).toBe(200);
    const { uuid, dashboard_url } = created.json<{ uuid: string; dashboard_url: string }>();
    expect(dashboard_url).toBe(`http://127.0.0.1:8080/dashboard/transcriptions/${uuid}`);

    const early = await post('/api/generate-audio-content', { audio_id: uuid });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ error: 'Audio has not been transcribed yet' });
    release();

    const audio = await waitFor(uuid, settled);
    expect(audio.status, audio.error).toBe('completed');
    expect(audio.audio_type).toBe('Meeting');
    expect(audio.progress).toBe(100);
    expect(audio.duration).toBeCloseTo((recording.wav.length - 44) / 32_000, 1);
    const expected = new Set(MEETING_SCRIPT.flatMap((l) => l.text.toLowerCase().match(/[a-z]+/g) ?? []));
    const heard = audio.content.split(/\s+/);
    expect(heard.filter((w) => expected.has(w)).length / heard.length).toBeGreaterThan(0.5);
    expect(audio.segments.length).toBeGreaterThanOrEqual(3);
    for (const s of audio.segments) {
      expect(s.end).toBeGreaterThan(s.start);
      expect(s.start).toBeGreaterThanOrEqual(0);
      expect(s.end).toBeLessThanOrEqual((audio.duration ?? 0) + 0.5);
    }
    const firstLine = recording.spans[0];
    expect(audio.segments[0]?.start).toBeLessThan(firstLine?.end ?? 0);

    const derived = await post('/api/generate-audio-content', { audio_id: uuid });
    expect(derived.statusCode).toBe(200);
    const { success, data } = derived.json<{ success: boolean; data: Record<string, string> }>();
    expect(success).toBe(true);
    expect(Object.keys(data).sort()).toEqual(
      [
        'action_items',
        'description',
        'keywords',
        'linkedin_post',
        'summary',
        'timestamped_overview',
        'title',
        'topics_and_bullets',
      ].sort(),
    );
    for (const [field, value] of Object.entries(data)) expect(value.trim().length, field).toBeGreaterThan(10);

    const again = await read(uuid);
    expect(again.summary).toBe(data.summary);
    const unsuited = await post('/api/generate-audio-content', { audio_id: uuid, fields: ['soap_note'] });
    expect(unsuited.statusCode).toBe(400);
    expect(unsuited.json<{ error: string }>().error).toContain('soap_note');
  }, 90_000);

  it('labels speakers when asked', async () => {
    const { uuid } = (
      await post('/api/transcriptions', {
        url: suite.files.url('/two-voices.mp3'),
        audio_type: 'meeting',
        detect_speakers: true,
      })
    ).json<{ uuid: string }>();
    const audio = await waitFor(uuid, settled);
    expect(audio.status, audio.error).toBe('completed');
    const speakers = new Set(audio.segments.map((s) => s.speaker));
    expect(speakers.size).toBe(2);
  }, 90_000);

  it('tells two voices apart with no pause between turns, by default, splitting segments where the speaker changes', async () => {
    const created = await post('/api/transcriptions', { url: suite.files.url('/podcast.mp3'), audio_type: 'podcast' });
    const audio = await waitFor(created.json<{ uuid: string }>().uuid, settled);
    expect(audio.status, audio.error).toBe('completed');
    expect(audio.detect_speakers).toBe(true);
    expect(new Set(audio.segments.map((s) => s.speaker)).size).toBe(2);
    // Each segment's time against the voice speaking at its middle, under the better naming of the two speakers.
    const voiceAt = (t: number) => podcast.spans.find((s) => t < s.end)?.voice ?? podcast.spans.at(-1)?.voice;
    const agree = (naming: Record<string, string>) =>
      audio.segments.reduce(
        (sum, s) => sum + (naming[s.speaker ?? ''] === voiceAt((s.start + s.end) / 2) ? s.end - s.start : 0),
        0,
      );
    const total = audio.segments.reduce((sum, s) => sum + s.end - s.start, 0);
    const best = Math.max(
      agree({ 'Speaker 1': 'slt', 'Speaker 2': 'rms' }),
      agree({ 'Speaker 1': 'rms', 'Speaker 2': 'slt' }),
    );
    expect(best / total).toBeGreaterThan(0.85);
  }, 90_000);
});
