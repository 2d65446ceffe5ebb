import type { Clock } from '../../shared/clock.js';
import { isoNow } from '../../shared/clock.js';
import type { Db } from '../../storage/db/database.js';
import type { AdminAuditRow } from '../../storage/db/schema.js';
import type { Caller } from '../accounts/accounts.service.js';
import type { AuditQuery, AuditRepo } from './audit.repo.js';

/** One administrator's action, as the caller describes it; `before`/`after` must hold no secret (no key, no hash). */
export interface AuditEntry {
  action: string;
  targetType: string;
  targetId: string;
  before?: unknown;
  after?: unknown;
  reason?: string;
}

export interface AuditRecord {
  id: number;
  actor: { account_id: string; email: string };
  action: string;
  target_type: string;
  target_id: string;
  before: unknown;
  after: unknown;
  reason: string | null;
  created_at: string;
}

/** The admin audit log: every admin action is recorded, in the transaction of the change it describes. */
export class AuditService {
  constructor(
    private readonly repo: AuditRepo,
    private readonly clock: Clock,
  ) {}

  /** Records `entry` done by `admin`; pass the change's transaction as `db`. */
  async record(admin: Caller, entry: AuditEntry, db?: Db): Promise<void> {
    await this.repo.insert(
      {
        actor_account_id: admin.account.id,
        actor_email: admin.account.email,
        action: entry.action,
        target_type: entry.targetType,
        target_id: entry.targetId,
        before: entry.before === undefined ? null : JSON.stringify(entry.before),
        after: entry.after === undefined ? null : JSON.stringify(entry.after),
        reason: entry.reason ?? null,
        created_at: isoNow(this.clock),
      },
      db,
    );
  }

  async list(query: AuditQuery): Promise<{ entries: AuditRecord[]; next_before: number | null }> {
    const rows = await this.repo.list({ ...query, limit: query.limit + 1 });
    const entries = rows.slice(0, query.limit).map(toRecord);
    return { entries, next_before: rows.length > query.limit ? (entries.at(-1)?.id ?? null) : null };
  }
}

const parsed = (text: string | null): unknown => (text === null ? null : JSON.parse(text));

function toRecord(row: AdminAuditRow): AuditRecord {
  return {
    id: Number(row.id),
    actor: { account_id: row.actor_account_id, email: row.actor_email },
    action: row.action,
    target_type: row.target_type,
    target_id: row.target_id,
    before: parsed(row.before),
    after: parsed(row.after),
    reason: row.reason,
    created_at: row.created_at,
  };
}
