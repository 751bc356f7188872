import { type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely, PostgresAdapter } from 'kysely'

// Frozen helpers shared by migrations: change only by adding new functions, never by editing these.

export function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter
}

/** An auto-incrementing integer primary key, portable between SQLite and PostgreSQL. */
export function withId<T extends string>(db: Kysely<any>, table: CreateTableBuilder<T, never>) {
  return isPostgres(db)
    ? table.addColumn('id', 'bigserial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
}

export const notNull = (c: ColumnDefinitionBuilder) => c.notNull()
export const zero = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(0)
