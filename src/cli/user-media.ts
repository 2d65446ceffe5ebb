import { writeFileSync } from 'node:fs';
import {
  type DerivedField,
  type ImageRecord,
  type ImageRequest,
  PollTimeoutError,
  type Transcription,
  type VideoRecord,
} from '@atelier/client';
import type { UserCommand, UserContext } from './user-context.js';
import { EXIT, NotReadyError, UsageError, decimalNumber, progressTo, required, wholeNumber } from './user-output.js';

/** image, video, talking-video, transcribe, derive, tts and sound. */
export const mediaCommands: Record<string, UserCommand> = {
  image,
  video,
  'talking-video': talkingVideo,
  transcribe,
  derive,
  tts,
  sound,
};

/** Waits with progress on standard error; running out of checks keeps the id and says how to look again (exit 5). */
async function waiting<T>(ctx: UserContext, what: string, again: string, wait: () => Promise<T>): Promise<T> {
  try {
    return await wait();
  } catch (error) {
    if (error instanceof PollTimeoutError) {
      throw new NotReadyError(
        `${what} is not ready after ${error.attempts} checks. Nothing is lost: look again with \`${again}\` (do not create it again).`,
        error.last,
      );
    }
    throw error;
  } finally {
    ctx.out.endStatus();
  }
}

const showId = (args: string[]) =>
  args[0] === 'show' && args.length === 2 ? wholeNumber(args[1] ?? '', 'ID') : undefined;

async function image(ctx: UserContext): Promise<number> {
  const { client, flags, args, out } = ctx;
  ctx.requireKey();
  const id = showId(args);
  let records: ImageRecord[];
  if (id !== undefined) records = [await client.images.get(id)];
  else {
    const model = flags.model ?? (await client.images.models()).models[0]?.name ?? '';
    records = await client.images.create({
      prompt: required(args.join(' '), 'PROMPT'),
      model,
      ...(flags.size !== undefined && { dimensions: flags.size }),
      ...(flags.outputs !== undefined && { outputs: wholeNumber(flags.outputs, '--outputs') }),
      // The service checks the action and model names (a wrong one is a 400: exit 2, with the list).
      ...(flags.image !== undefined && { image: flags.image }),
      ...(flags.action !== undefined && { action: flags.action as ImageRequest['action'] }),
      ...(flags['edit-model'] !== undefined && { editModel: flags['edit-model'] as ImageRequest['editModel'] }),
    });
  }
  if (flags.wait) {
    const poll = ctx.poll();
    records = await Promise.all(
      records.map((r) =>
        waiting(ctx, `Image ${r.id}`, `atelier image show ${r.id} --wait`, () =>
          client.waitForImage(r.id, { ...poll, onProgress: progressTo(out, (i) => `Image ${i.id}: ${i.status}`) }),
        ),
      ),
    );
  }
  const lines = records.map(
    (r) =>
      `Image ${r.id}: ${r.status}${r.image_url ? `  ${r.image_url}` : ''}${r.error ? `: ${r.error}` : ''}${r.status === 'pending' ? `  (follow it: atelier image show ${r.id} --wait)` : ''}`,
  );
  out.result(lines.join('\n'), id === undefined ? records : records[0]);
  return records.some((r) => r.status === 'failed') ? EXIT.other : EXIT.ok;
}

async function video(ctx: UserContext): Promise<number> {
  const { client, flags, args } = ctx;
  ctx.requireKey();
  let id = showId(args);
  if (id === undefined) {
    const created = await client.videos.create({
      prompt: required(args.join(' '), 'PROMPT'),
      model: flags.model ?? (await client.videos.models()).models[0]?.name ?? '',
      ...(flags.duration !== undefined && { duration: wholeNumber(flags.duration, '--duration') }),
      ...(flags.aspect !== undefined && { aspectRatio: flags.aspect as '16:9' }),
    });
    id = created.id;
  }
  return showVideo(ctx, id, 'video');
}

/** A face picture (--image) or clip (--video) speaking TEXT with --voice, or --audio; read back as any video. */
async function talkingVideo(ctx: UserContext): Promise<number> {
  const { client, flags, args } = ctx;
  ctx.requireKey();
  let id = showId(args);
  if (id === undefined) {
    const text = args.join(' ').trim();
    const created = await client.videos.createTalking({
      ...(flags.image !== undefined && { image: flags.image }),
      ...(flags.video !== undefined && { video: flags.video }),
      ...(text && { text }),
      ...(flags.voice !== undefined && { voiceID: flags.voice }),
      ...(flags.audio !== undefined && { audio: flags.audio }),
      ...(flags.resolution !== undefined && { resolution: flags.resolution as '480p' }),
      ...(flags.avatar !== undefined && { avatarModel: flags.avatar as 'premium' }),
      ...(flags.captions && { generateCaptions: true }),
      ...(flags['caption-color'] !== undefined && { captionColor: flags['caption-color'] }),
    });
    id = created.id;
  }
  return showVideo(ctx, id, 'talking-video');
}

async function showVideo(ctx: UserContext, videoId: number, command: string): Promise<number> {
  const { client, flags, out } = ctx;
  const record: VideoRecord = flags.wait
    ? await waiting(ctx, `Video ${videoId}`, `atelier ${command} show ${videoId} --wait`, () =>
        client.waitForVideo(videoId, {
          ...ctx.poll(),
          onProgress: progressTo(out, (v) => `Video ${v.id}: ${v.status}`),
        }),
      )
    : await client.videos.get(videoId);
  const human = `Video ${record.id}: ${record.status}${record.url ? `  ${record.url}` : ''}${record.error ? `: ${record.error}` : ''}${record.status === 'processing' ? `  (follow it: atelier ${command} show ${record.id} --wait)` : ''}`;
  out.result(human, record);
  return record.status === 'failed' ? EXIT.other : EXIT.ok;
}

async function transcribe(ctx: UserContext): Promise<number> {
  const { client, flags, args, out } = ctx;
  ctx.requireKey();
  let uuid: string;
  if (args[0] === 'show') uuid = required(args[1], 'UUID');
  else {
    const url = required(args[0], 'URL');
    if (!/^https?:\/\//i.test(url)) throw new UsageError(`URL must be an http(s) URL of the audio file, not "${url}"`);
    const created = await client.transcriptions.create({
      url,
      ...(flags.type !== undefined && { audio_type: flags.type }),
      ...(flags.language !== undefined && { language: flags.language }),
      ...(flags.name !== undefined && { name: flags.name }),
      ...(flags.speakers && { detect_speakers: true }),
    });
    uuid = created.uuid;
    if (!flags.wait) {
      out.result(
        `Transcription ${uuid} started.\nFollow it: atelier transcribe show ${uuid} --wait\nDashboard: ${created.dashboard_url}`,
        created,
      );
      return EXIT.ok;
    }
  }
  const audio: Transcription = flags.wait
    ? await waiting(ctx, `Transcription ${uuid}`, `atelier transcribe show ${uuid} --wait`, () =>
        client.waitForTranscription(uuid, {
          ...ctx.poll(),
          onProgress: progressTo(out, (a) => `Transcription ${a.uuid}: ${a.status} ${a.progress}%`),
        }),
      )
    : await client.transcriptions.get(uuid);
  if (audio.status === 'failed') {
    out.result(`Transcription ${uuid} failed: ${audio.error ?? 'no reason given'}`, audio);
    return EXIT.other;
  }
  if (audio.status !== 'completed') {
    out.result(
      `Transcription ${uuid}: ${audio.status} ${audio.progress}%  (follow it: atelier transcribe show ${uuid} --wait)`,
      audio,
    );
    return EXIT.ok;
  }
  out.result(
    `Transcription ${uuid} (${audio.audio_type}, ${audio.language}${audio.duration === null ? '' : `, ${audio.duration.toFixed(1)} s`}):\n\n${audio.content}`,
    audio,
  );
  return EXIT.ok;
}

async function derive(ctx: UserContext): Promise<number> {
  const { client, flags, args, out } = ctx;
  ctx.requireKey();
  const uuid = required(args[0], 'UUID');
  const fields = args.slice(1) as DerivedField[];
  const derived = await client.transcriptions.derive(uuid, {
    ...(fields.length > 0 && { fields }),
    ...((flags.force || flags.regenerate) && { force: true }),
  });
  out.result(
    Object.entries(derived.data)
      .map(([field, text]) => `${field}:\n${text}`)
      .join('\n\n'),
    derived,
  );
  return EXIT.ok;
}

async function tts(ctx: UserContext): Promise<number> {
  const { client, flags, args, out } = ctx;
  ctx.requireKey();
  const text = required(args.join(' '), 'TEXT');
  const voiceID = required(flags.voice, '--voice (see `atelier voices`)');
  const result = await client.speech.create({ voiceID, text });
  const file = flags.out ?? `${result.uuid}.mp3`;
  const mp3 = await client.speech.download(result);
  writeFileSync(file, mp3);
  out.result(
    `Saved ${file} (${(mp3.length / 1024).toFixed(1)} KB; ${result.used_characters} words billed)\n${result.url}`,
    { ...result, file },
  );
  return EXIT.ok;
}

async function sound(ctx: UserContext): Promise<number> {
  const { client, flags, args, out } = ctx;
  ctx.requireKey();
  const prompt = required(args.join(' '), 'PROMPT');
  const result = await client.sounds.create({
    prompt,
    ...(flags.duration !== undefined && { duration: decimalNumber(flags.duration, '--duration') }),
    ...(flags.influence !== undefined && { prompt_influence: decimalNumber(flags.influence, '--influence') }),
  });
  const file = flags.out ?? `${result.uuid}.mp3`;
  const mp3 = await client.sounds.download(result);
  writeFileSync(file, mp3);
  const notes = result.warnings.map((w) => `\nwarning: ${w}`).join('');
  out.result(
    `Saved ${file} (${result.duration_seconds} s, ${(mp3.length / 1024).toFixed(1)} KB; ${result.used_characters} words counted)\n${result.url}${notes}`,
    { ...result, file },
  );
  return EXIT.ok;
}
