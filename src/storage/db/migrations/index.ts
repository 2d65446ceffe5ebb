import type { Migration } from 'kysely';
import * as m0001 from './0001-foundation.js';
import * as m0002 from './0002-speech.js';
import * as m0003 from './0003-jobs-transcriptions.js';
import * as m0004 from './0004-images-videos-idempotency.js';
import * as m0005 from './0005-bots.js';
import * as m0006 from './0006-dashboard.js';
import * as m0007 from './0007-rate-limits.js';
import * as m0008 from './0008-media-engines.js';
import * as m0009 from './0009-reservations.js';
import * as m0010 from './0010-bot-keys.js';
import * as m0011 from './0011-image-actions.js';
import * as m0012 from './0012-talking-videos.js';
import * as m0013 from './0013-admin-audit.js';
import * as m0014 from './0014-responses.js';
import * as m0015 from './0015-oauth.js';
import * as m0016 from './0016-brand-voices.js';
import * as m0017 from './0017-user-presets.js';
import * as m0018 from './0018-preset-sharing.js';
import * as m0019 from './0019-bot-search-scope.js';
import * as m0020 from './0020-video-references.js';
import * as m0021 from './0021-bot-launcher.js';

/** Numbered migrations, applied in key order at start. Add a file and a line here; never edit a shipped one. */
export const migrations: Record<string, Migration> = {
  '0001-foundation': m0001,
  '0002-speech': m0002,
  '0003-jobs-transcriptions': m0003,
  '0004-images-videos-idempotency': m0004,
  '0005-bots': m0005,
  '0006-dashboard': m0006,
  '0007-rate-limits': m0007,
  '0008-media-engines': m0008,
  '0009-reservations': m0009,
  '0010-bot-keys': m0010,
  '0011-image-actions': m0011,
  '0012-talking-videos': m0012,
  '0013-admin-audit': m0013,
  '0014-responses': m0014,
  '0015-oauth': m0015,
  '0016-brand-voices': m0016,
  '0017-user-presets': m0017,
  '0018-preset-sharing': m0018,
  '0019-bot-search-scope': m0019,
  '0020-video-references': m0020,
  '0021-bot-launcher': m0021,
};
