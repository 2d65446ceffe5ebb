/** A unique constraint refused the write: SQLite's SQLITE_CONSTRAINT_UNIQUE (or _PRIMARYKEY), PostgreSQL's 23505. */
export function isUniqueViolation(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
