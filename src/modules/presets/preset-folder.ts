import { type FSWatcher, watch } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { JobLog } from '../../jobs/worker.js';
import type { Clock } from '../../shared/clock.js';
import { isoNow } from '../../shared/clock.js';
import { type PresetFileError, checkPresetFiles, isPresetFileName, operatorPreset } from './preset-files.js';
import type { PresetsService } from './presets.service.js';

/** Changes closer together than this are read as one (an editor's save is often a write, a rename and a chmod). */
const SETTLE_MS = 150;
/**
 * fs.watch misses changes on some mounts (NFS, some container bind mounts) and stops when the folder itself is
 * replaced; the folder's listing (names, sizes, times) is compared this often as well, and read again when it differs.
 */
const RESCAN_MS = 5_000;

export interface PresetFolderStatus {
  /** ATELIER_PRESETS_DIR, or null when it is not set. */
  dir: string | null;
  /** When the catalogue last took the folder's presets; null while no reading of it has been good. */
  loaded_at: string | null;
  /** The slugs the folder adds or overrides, and those it hides, as the catalogue holds them now. */
  presets: string[];
  hidden: string[];
  /** What is wrong in the folder as it was last read: while any, the catalogue keeps the last good reading. */
  errors: PresetFileError[];
}

export interface PresetFolderOptions {
  dir: string | undefined;
  presets: PresetsService;
  log: JobLog;
  clock: Clock;
}

/**
 * The operator's preset folder (ATELIER_PRESETS_DIR) as the catalogue's 'operator' layer: read whole at start and on
 * every change, and applied only when every file is good, so that a broken file never takes presets away. Each
 * process of a cluster watches the folder itself.
 */
export class PresetFolder {
  private state: PresetFolderStatus;
  private watcher: FSWatcher | undefined;
  /** The folder watched (its inode): a folder replaced whole, or made after the start, is watched anew. */
  private watchedIno: number | undefined;
  private settle: NodeJS.Timeout | undefined;
  private rescan: NodeJS.Timeout | undefined;
  private fingerprint = '';
  private reading: Promise<void> | undefined;
  private again = false;
  private rescanning = false;
  private closed = false;

  constructor(private readonly options: PresetFolderOptions) {
    this.state = { dir: options.dir ?? null, loaded_at: null, presets: [], hidden: [], errors: [] };
  }

  status(): PresetFolderStatus {
    return structuredClone(this.state);
  }

  /** Reads the folder (the service starts with the code's catalogue alone if it is broken) and watches it. */
  async start(): Promise<void> {
    if (!this.options.dir) return;
    await this.reload();
    await this.watchFolder();
    this.rescan = setInterval(() => void this.rescanIfChanged(), RESCAN_MS).unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    this.watcher?.close();
    clearTimeout(this.settle);
    clearInterval(this.rescan);
    await this.reading;
  }

  /** Reads the whole folder again; a second change during a reading makes one more reading after it. */
  reload(): Promise<void> {
    if (this.reading) {
      this.again = true;
      return this.reading;
    }
    this.reading = (async () => {
      do {
        this.again = false;
        await this.read();
      } while (this.again && !this.closed);
    })().finally(() => {
      this.reading = undefined;
    });
    return this.reading;
  }

  private async read(): Promise<void> {
    const dir = this.options.dir;
    if (!dir) return;
    this.fingerprint = await fingerprintOf(dir);
    const { presets } = this.options;
    // A hiding file may name the code's presets and those an admin published; the folder's own are not to hide.
    const catalogueSlug = (slug: string) =>
      presets.builtinPreset(slug) !== undefined ||
      presets.layer('published').add.some((p) => p.slug === slug || p.aliases?.includes(slug));
    const checked = await checkPresetFiles([dir], catalogueSlug);
    if (this.closed) return;
    // The catalogue runs a preset as text: image and speech presets are an account's (POST /api/presets).
    const errors = [
      ...checked.errors,
      ...checked.presets
        .filter(({ preset }) => preset.output !== 'text')
        .map(({ file, preset }) => ({
          file,
          message: `output: the folder holds text presets (this one makes ${preset.output})`,
        })),
    ];
    if (errors.length > 0) {
      this.state = { ...this.state, errors };
      this.options.log.warn(
        { dir, errors },
        this.state.loaded_at
          ? 'ATELIER_PRESETS_DIR: a preset file is wrong; the catalogue keeps the last good reading of the folder'
          : 'ATELIER_PRESETS_DIR: a preset file is wrong; the catalogue has the built-in presets only until it is fixed',
      );
      return;
    }
    const add = checked.presets.map(({ preset }) => operatorPreset(preset));
    const hide = checked.hidden.map(({ slug }) => slug);
    presets.setLayer('operator', { add, hide });
    this.state = {
      dir,
      loaded_at: isoNow(this.options.clock),
      presets: add.map((p) => p.slug),
      hidden: hide,
      errors: [],
    };
    this.options.log.info?.({ dir, presets: add.length, hidden: hide.length }, 'ATELIER_PRESETS_DIR: read');
  }

  private async watchFolder(): Promise<void> {
    const dir = this.options.dir;
    if (!dir || this.closed) return;
    const ino = await stat(dir).then(
      (info) => info.ino,
      () => undefined,
    );
    if (this.watcher && ino === this.watchedIno) return;
    this.watcher?.close();
    this.watcher = undefined;
    this.watchedIno = ino;
    if (ino === undefined || this.closed) return;
    try {
      // Not persistent: the folder never keeps a process alive. Renames (editors that save by replacing) are events too.
      this.watcher = watch(dir, { persistent: false }, () => this.changed());
      this.watcher.on('error', () => {
        this.watcher?.close();
        this.watcher = undefined;
      });
    } catch {
      // Gone between the stat and the watch: the rescan tries again.
      this.watcher = undefined;
    }
  }

  private changed(): void {
    if (this.closed) return;
    clearTimeout(this.settle);
    this.settle = setTimeout(() => void this.reload(), SETTLE_MS).unref();
  }

  private async rescanIfChanged(): Promise<void> {
    const dir = this.options.dir;
    if (!dir || this.closed || this.reading || this.rescanning) return;
    this.rescanning = true;
    try {
      await this.watchFolder();
      if ((await fingerprintOf(dir)) !== this.fingerprint) this.changed();
    } finally {
      this.rescanning = false;
    }
  }
}

/** The folder's preset files by name, size and time of change: what a change to any of them changes. */
async function fingerprintOf(dir: string): Promise<string> {
  try {
    const names = (await readdir(dir)).filter(isPresetFileName).sort();
    const parts = await Promise.all(
      names.map(async (name) => {
        const info = await stat(join(dir, name)).catch(() => undefined);
        return `${name}:${info?.size}:${info?.mtimeMs}`;
      }),
    );
    return parts.join('\n');
  } catch (error) {
    return `unreadable:${(error as { code?: string }).code}`;
  }
}
