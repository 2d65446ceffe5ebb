import type { Db } from '../../storage/db/database.js';
import type { AdminAuditRow } from '../../storage/db/schema.js';

export interface AuditQuery {
  /** Rows older than this id (the next page). */
  before?: number;
  limit: number;
  action?: string;
  targetType?: string;
  targetId?: string;
  actorAccountId?: string;
}

export type NewAuditRow = Omit<AdminAuditRow, 'id'>;

export class AuditRepo {
  constructor(private readonly db: Db) {}

  /** `db` is the transaction of the change being recorded, so the row and the change land together or not at all. */
  async insert(row: NewAuditRow, db: Db = this.db): Promise<void> {
    await db.insertInto('admin_audit').values(row).execute();
  }

  /** Newest first. */
  async list(query: AuditQuery): Promise<AdminAuditRow[]> {
    let select = this.db.selectFrom('admin_audit').selectAll();
    if (query.before !== undefined) select = select.where('id', '<', query.before);
    if (query.action !== undefined) select = select.where('action', '=', query.action);
    if (query.targetType !== undefined) select = select.where('target_type', '=', query.targetType);
    if (query.targetId !== undefined) select = select.where('target_id', '=', query.targetId);
    if (query.actorAccountId !== undefined) select = select.where('actor_account_id', '=', query.actorAccountId);
    return select.orderBy('id', 'desc').limit(query.limit).execute();
  }
}
