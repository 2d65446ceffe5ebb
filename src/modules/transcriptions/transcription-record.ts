import type { TranscriptSegment } from '../../engines/spec/asr-model.js';
import type { TranscriptionRow } from '../../storage/db/schema.js';
import type { DerivedField } from './derived/fields.js';

export type TranscriptionRecord = ReturnType<typeof toRecord>;

/** The record as POST /api/audios shows it: the spec's fields, derived content by field name, and status. */
export function toRecord(row: TranscriptionRow) {
  const done = row.status === 'completed';
  return {
    uuid: row.id,
    name: row.name,
    url: row.url,
    content: done ? row.content : '',
    segments: done ? (JSON.parse(row.segments) as TranscriptSegment[]) : [],
    audio_type: row.audio_type,
    language: row.language,
    created_at: row.created_at,
    ...(JSON.parse(row.derived) as Partial<Record<DerivedField, string>>),
    status: row.status,
    ...(row.error && { error: row.error }),
    duration: row.duration,
    progress: row.progress,
    detect_speakers: row.detect_speakers === 1,
    enhanced_quality: row.enhanced_quality === 1,
    model: row.model,
  };
}
