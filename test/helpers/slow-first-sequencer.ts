import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take longest, slowest first (seconds measured on the 2-core machine, either database).
 * Started first, they do not leave one worker busy alone at the end of a run: on a fresh clone Vitest has no
 * timings of its own and would start the largest files first, which are not the slowest. A file missing
 * here runs after these, in Vitest's order; a stale figure only costs some balance, never a test.
 */
const SLOW_FILES: Record<string, number> = {
  'test/multi-process.test.ts': 47,
  'src/engines/adapters/ffmpeg-video/ffmpeg-video-model.test.ts': 20,
  'test/dashboard-media.test.ts': 19,
  'test/dashboard-a11y.test.ts': 19,
  'test/transcriptions.test.ts': 15,
  'test/dashboard-transcriptions.test.ts': 15,
  'test/videos.test.ts': 14,
  'test/roles.test.ts': 13,
  'test/transcription-crash.test.ts': 13,
  'src/engines/adapters/whisper-cpp/whisper-cpp-asr-model.test.ts': 12,
  'test/dashboard-speech.test.ts': 11,
  'test/cli-user.test.ts': 10,
  'test/speech.test.ts': 9,
  'test/dashboard-bots.test.ts': 9,
  'test/dashboard-auth.test.ts': 8,
  'test/llama-cpp-service.test.ts': 8,
  'test/dashboard-admin-accounts.test.ts': 8,
  'test/talking-video.test.ts': 7,
  'src/engines/adapters/llama-cpp/llama-cpp-text-model.test.ts': 7,
  'test/cluster.test.ts': 7,
  'test/client-compat.test.ts': 7,
  'test/service-start.test.ts': 7,
  'test/bots.test.ts': 6,
  'test/client.test.ts': 6,
  'test/cli.test.ts': 6,
};

export default class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const ordered = await super.sort(files);
    const seconds = (spec: TestSpecification) => SLOW_FILES[relative(spec.project.config.root, spec.moduleId)] ?? 0;
    const projects = [...new Set(ordered.map((spec) => spec.project.name))];
    // Each project's files stay together, in Vitest's order of projects: a worker serves one project, and
    // mixing them would end and start workers all through the run (each end is a process exit, where a
    // native library has been seen to abort). Array.prototype.sort is stable: the rest keep Vitest's order.
    return ordered.sort(
      (a, b) => projects.indexOf(a.project.name) - projects.indexOf(b.project.name) || seconds(b) - seconds(a),
    );
  }
}
