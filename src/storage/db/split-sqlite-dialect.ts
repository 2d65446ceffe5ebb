import type SqliteDatabase from 'better-sqlite3';
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  SqliteDialect,
  type TransactionSettings,
} from 'kysely';
import type { SqliteReads } from './sqlite-reads.js';
import { statementCache } from './statement-cache.js';
import type { SqliteWriter, WriteResult, WriterTransaction } from './sqlite-writer.js';

/**
 * Kysely on SQLite with the reads and the writes apart: a statement that only reads runs at once in the event loop,
 * on the connection SqliteReads picks (a WAL reader never waits for a writer, and a read costs less than sending it
 * to another thread); every other statement, and every statement of a transaction, goes to the
 * writer thread (SqliteWriter), so that waiting for another process's write lock never stops the event loop.
 * Which statements only read is SQLite's own answer (a prepared statement's `readonly`), not a guess from its text.
 */
export class SplitSqliteDialect extends SqliteDialect {
  constructor(
    private readonly reads: SqliteReads,
    private readonly writer: SqliteWriter,
  ) {
    super({ database: reads.reader });
  }

  override createDriver(): Driver {
    return new SplitSqliteDriver(this.reads, this.writer);
  }
}

class SplitSqliteDriver implements Driver {
  constructor(
    private readonly reads: SqliteReads,
    private readonly writer: SqliteWriter,
  ) {}

  async init(): Promise<void> {}

  /** No lock to take: reads run side by side, and the writer serves its callers one at a time itself. */
  async acquireConnection(): Promise<DatabaseConnection> {
    return new SplitConnection(this);
  }

  async beginTransaction(connection: DatabaseConnection, _settings: TransactionSettings): Promise<void> {
    (connection as SplitConnection).transaction = await this.writer.begin();
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as SplitConnection).transaction?.commit();
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as SplitConnection).transaction?.rollback();
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    // A transaction left open (a controlled transaction never ended) must not keep the writer from everyone else.
    await (connection as SplitConnection).transaction?.rollback();
  }

  async destroy(): Promise<void> {
    await this.writer.close();
    this.reads.reader.close();
  }

  /** The rows of `sql` when it only reads, read at once; undefined when it may write. */
  read(sql: string, parameters: readonly unknown[]): unknown[] | undefined {
    return this.reads.run((sqlite) => this.readOnly(sqlite, sql)?.all(...parameters));
  }

  /** The statement, prepared on `sqlite`, when it only reads; undefined when it may write. */
  readOnly(sqlite: SqliteDatabase.Database, sql: string): SqliteDatabase.Statement | undefined {
    try {
      const statement = statementCache(sqlite)(sql);
      return statement.readonly ? statement : undefined;
    } catch {
      // Not preparable here (a table a migration is about to create): the writer will say what is wrong.
      return undefined;
    }
  }

  get reader(): SqliteDatabase.Database {
    return this.reads.reader;
  }

  write(sql: string, parameters: readonly unknown[]): Promise<WriteResult> {
    return this.writer.run(sql, parameters);
  }
}

class SplitConnection implements DatabaseConnection {
  transaction: WriterTransaction | undefined;

  constructor(private readonly driver: SplitSqliteDriver) {}

  async executeQuery<R>({ sql, parameters }: CompiledQuery): Promise<QueryResult<R>> {
    if (this.transaction) return asQueryResult<R>(await this.transaction.run(sql, parameters));
    const rows = this.driver.read(sql, parameters);
    if (rows) return { rows: rows as R[] };
    return asQueryResult<R>(await this.driver.write(sql, parameters));
  }

  /** Always on the reading connection: an open iterator keeps its connection busy across turns of the event loop. */
  async *streamQuery<R>({ sql, parameters }: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    const statement = this.transaction ? undefined : this.driver.readOnly(this.driver.reader, sql);
    if (!statement) throw new Error('Only reads outside a transaction can be streamed on SQLite');
    for (const row of statement.iterate(...parameters)) yield { rows: [row as R] };
  }
}

function asQueryResult<R>(result: WriteResult): QueryResult<R> {
  const rows = result.rows as R[];
  if (result.reader) return { rows };
  return { rows, numAffectedRows: BigInt(result.changes), insertId: BigInt(result.lastInsertRowid) };
}
