import type BetterSqlite3 from 'better-sqlite3'
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  SelectQueryNode,
} from 'kysely'

/**
 * Kysely's own SqliteDriver prepares every statement again on every query and opens
 * transactions with a plain (deferred) BEGIN. This driver keeps a bounded cache of
 * prepared statements and opens write transactions with BEGIN IMMEDIATE, so the write
 * lock is taken up front (where busy_timeout applies) instead of on the first write.
 */
export class CachedSqliteDriver implements Driver {
  readonly #db: BetterSqlite3.Database
  readonly #mutex = new ConnectionMutex()
  readonly #connection: CachedSqliteConnection

  constructor(db: BetterSqlite3.Database, cacheSize = 500) {
    this.#db = db
    this.#connection = new CachedSqliteConnection(db, cacheSize)
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    // SQLite has one connection: queries queue behind any open transaction.
    await this.#mutex.lock()
    return this.#connection
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'))
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'))
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'))
  }

  async savepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`savepoint "${name}"`))
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`rollback to "${name}"`))
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`release "${name}"`))
  }

  async releaseConnection(): Promise<void> {
    this.#mutex.unlock()
  }

  async destroy(): Promise<void> {
    if (this.#db.open) this.#db.close()
  }
}

class CachedSqliteConnection implements DatabaseConnection {
  readonly #db: BetterSqlite3.Database
  readonly #cache = new Map<string, BetterSqlite3.Statement>()
  readonly #cacheSize: number

  constructor(db: BetterSqlite3.Database, cacheSize: number) {
    this.#db = db
    this.#cacheSize = cacheSize
  }

  #prepare(sql: string): BetterSqlite3.Statement {
    let stmt = this.#cache.get(sql)
    if (stmt) {
      // Refresh recency: Map iteration order is insertion order.
      this.#cache.delete(sql)
      this.#cache.set(sql, stmt)
      return stmt
    }
    stmt = this.#db.prepare(sql)
    this.#cache.set(sql, stmt)
    if (this.#cache.size > this.#cacheSize) {
      const oldest = this.#cache.keys().next().value
      if (oldest !== undefined) this.#cache.delete(oldest)
    }
    return stmt
  }

  executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const stmt = this.#prepare(compiled.sql)
    const params = compiled.parameters as unknown[]
    if (stmt.reader) return Promise.resolve({ rows: stmt.all(params) as R[] })
    const { changes, lastInsertRowid } = stmt.run(params)
    return Promise.resolve({
      numAffectedRows: BigInt(changes),
      insertId: BigInt(lastInsertRowid),
      rows: [],
    })
  }

  async *streamQuery<R>(compiled: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    if (!SelectQueryNode.is(compiled.query)) throw new Error('SQLite streaming supports only select queries')
    const stmt = this.#db.prepare(compiled.sql)
    for (const row of stmt.iterate(compiled.parameters as unknown[])) yield { rows: [row as R] }
  }
}

/**
 * The one connection's lock, handed to waiters in arrival order. (Waking every waiter on each
 * release and letting them race for it again costs a wake-up per waiter per query: with ten
 * requests in flight, most of a read's promise hops went there.)
 */
class ConnectionMutex {
  #locked = false
  readonly #waiters: Array<() => void> = []

  lock(): Promise<void> {
    if (!this.#locked) {
      this.#locked = true
      return Promise.resolve()
    }
    return new Promise((resolve) => this.#waiters.push(resolve))
  }

  unlock(): void {
    // The lock passes straight to the next waiter: nobody can take it in between.
    const next = this.#waiters.shift()
    if (next) next()
    else this.#locked = false
  }
}
