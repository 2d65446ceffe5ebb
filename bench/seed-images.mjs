// Seeds the images table of a data dir straight through SQLite, as that many earlier generations would have:
// used by bench/images.mjs and bench/profile-route.mjs (BENCH_IMAGES).
import { join } from 'node:path';
import Database from 'better-sqlite3';

/**
 * Inserts `count` completed images (ids 1..count on a fresh database) for the bench account (bench@example.test).
 * @param {string} dataDir
 * @param {number} count
 */
export function seedImages(dataDir, count) {
  const db = new Database(join(dataDir, 'atelier.db'));
  const account = /** @type {{ id: string } | undefined} */ (
    db.prepare('SELECT id FROM accounts WHERE email = ?').get('bench@example.test')
  );
  if (!account) throw new Error(`the bench account is not in ${join(dataDir, 'atelier.db')}`);
  const accountId = account.id;
  const insert = db.prepare(
    `INSERT INTO images (account_id, prompt, style, artist, requested_model, model, width, height, hd, seed, reference_url, status, error, blob_key, warnings, credits, created_at, updated_at)
     VALUES (?, ?, NULL, NULL, 'DALL-E 3', 'builtin-sketch', 1024, 1024, 0, ?, NULL, 'completed', NULL, ?, '[]', 4, ?, ?)`,
  );
  const now = new Date().toISOString();
  db.transaction(() => {
    for (let i = 1; i <= count; i++)
      insert.run(
        accountId,
        `A lighthouse on a cliff at sunset, number ${i}`,
        i,
        `images/00000000-0000-4000-8000-${String(i).padStart(12, '0')}.png`,
        now,
        now,
      );
  })();
  db.close();
}
