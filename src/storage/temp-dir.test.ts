import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  isOwnerAlive,
  makeTempDir,
  processTempDir,
  removeProcessTempDir,
  sweepTempRoot,
  withTempDir,
} from './temp-dir.js';

const base = mkdtempSync(join(tmpdir(), 'atelier-temp-dir-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));
let n = 0;
const freshRoot = () => join(base, `root-${++n}`);

/** A pid that surely belongs to no process: one that just exited. */
const deadPid = () => spawnSync('/bin/true').pid ?? 999_999;
const mine = basename(processTempDir('/x'));
const [hostTag, , start] = mine.split('-');

describe('temporary folders', () => {
  it('puts each task in an owner-only folder inside this process folder, and removes it after', async () => {
    const root = freshRoot();
    const parent = processTempDir(root);
    let seen = '';
    const value = await withTempDir(parent, 'decode', async (dir) => {
      seen = dir;
      writeFileSync(join(dir, 'input'), 'secret words');
      expect(statSync(dir).mode & 0o777).toBe(0o700);
      return 42;
    });
    expect(value).toBe(42);
    expect(seen.startsWith(join(parent, 'decode-'))).toBe(true);
    expect(existsSync(seen)).toBe(false);
    expect(statSync(parent).mode & 0o777).toBe(0o700);
  });

  it('removes the folder when the task fails', async () => {
    const parent = processTempDir(freshRoot());
    let seen = '';
    await expect(
      withTempDir(parent, 'flite', async (dir) => {
        seen = dir;
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(existsSync(seen)).toBe(false);
  });

  it('sweeps the folders of processes that are gone, keeps live ones', async () => {
    const root = freshRoot();
    const liveTask = await makeTempDir(processTempDir(root), 'asr');
    const dead = join(root, `${hostTag}-${deadPid()}-${Date.now() - 60_000}`);
    mkdirSync(join(dead, 'decode-abc'), { recursive: true });
    writeFileSync(join(dead, 'decode-abc', 'input'), 'left by a killed process');
    // Our own pid from an earlier start (a restarted container often gets the same pid).
    const earlierSelf = join(root, `${hostTag}-${process.pid}-${Number(start) - 5_000}`);
    mkdirSync(earlierSelf);
    // Another live process of this machine (the parent of this one): its work must stay.
    const otherLive = join(root, `${hostTag}-${process.ppid}-${Date.now()}`);
    mkdirSync(otherLive);

    expect(await sweepTempRoot(root)).toBe(2);
    expect(existsSync(dead)).toBe(false);
    expect(existsSync(earlierSelf)).toBe(false);
    expect(existsSync(otherLive)).toBe(true);
    expect(existsSync(liveTask)).toBe(true);
  });

  it('keeps folders of other machines until they are a day old', async () => {
    const root = freshRoot();
    const recent = join(root, `00000000-${deadPid()}-1`);
    const old = join(root, `00000000-${deadPid()}-2`);
    const stray = join(root, 'stray-file');
    mkdirSync(recent, { recursive: true });
    mkdirSync(old);
    writeFileSync(stray, 'x');
    const twoDaysAgo = (Date.now() - 2 * 86_400_000) / 1000;
    utimesSync(old, twoDaysAgo, twoDaysAgo);
    utimesSync(stray, twoDaysAgo, twoDaysAgo);
    expect(await sweepTempRoot(root)).toBe(2);
    expect(readdirSync(root)).toEqual([basename(recent)]);
    expect(isOwnerAlive('00000000-1-1', Date.now())).toBe(true);
  });

  it('creates the root owner-only and removes this process folder at a clean stop when empty', async () => {
    const root = freshRoot();
    await sweepTempRoot(root);
    expect(statSync(root).mode & 0o777).toBe(0o700);
    const task = await makeTempDir(processTempDir(root), 'video');
    await removeProcessTempDir(root);
    expect(existsSync(task)).toBe(true);
    rmSync(task, { recursive: true });
    await removeProcessTempDir(root);
    expect(existsSync(processTempDir(root))).toBe(false);
  });
});
