import type {
  CompiledQuery,
  DatabaseConnection,
  Driver,
  QueryCompiler,
  QueryResult,
  TransactionSettings,
} from 'kysely'
import { statementTables } from './statement-tables'
import type { TableChanges } from './table-changes'

/** What the engine adds around each statement (SQLite: accounting for `total_changes()`). */
export interface StatementHooks {
  /** Before a statement: notice changes made behind the driver's back (raw statements). */
  before(): void
  /** After a statement: what it changed is now accounted for. */
  after(): void
}

/**
 * Wraps a Kysely driver so that every statement's written tables reach `changes`
 * (table-changes.ts): at once for a statement outside a transaction (it has committed when it
 * returns), at commit for one inside. A rollback reports them too: the tables may have been
 * read uncommitted by nobody, but a miss is cheap and a wrong answer is not.
 *
 * The report comes after the commit has returned, so an answer made in between holds newer
 * data under an older count: stale (it is made again), never wrong.
 */
export class TrackingDriver implements Driver {
  readonly #inner: Driver
  readonly #changes: TableChanges
  readonly #hooks: StatementHooks | undefined
  readonly #wrapped = new WeakMap<DatabaseConnection, TrackedConnection>()

  constructor(inner: Driver, changes: TableChanges, hooks?: StatementHooks) {
    this.#inner = inner
    this.#changes = changes
    this.#hooks = hooks
  }

  init(): Promise<void> {
    return this.#inner.init()
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const inner = await this.#inner.acquireConnection()
    let tracked = this.#wrapped.get(inner)
    if (!tracked) {
      tracked = new TrackedConnection(inner, this.#changes, this.#hooks)
      this.#wrapped.set(inner, tracked)
    }
    return tracked
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const tracked = connection as TrackedConnection
    await this.#inner.beginTransaction(tracked.inner, settings)
    tracked.pending = new Set()
    this.#changes.openTransactions++
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const tracked = connection as TrackedConnection
    try {
      await this.#inner.commitTransaction(tracked.inner)
    } finally {
      this.#settle(tracked)
    }
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const tracked = connection as TrackedConnection
    try {
      await this.#inner.rollbackTransaction(tracked.inner)
    } finally {
      this.#settle(tracked)
    }
  }

  #settle(tracked: TrackedConnection): void {
    const pending = tracked.pending
    if (!pending) return
    tracked.pending = undefined
    this.#changes.openTransactions--
    tracked.report(pending)
    // SQLite: raw statements were noticed while this transaction was open (table-changes.ts).
    if (this.#changes.untrackedInTransaction && this.#changes.openTransactions === 0) {
      this.#changes.untrackedInTransaction = false
      this.#changes.changedAll()
    }
  }

  async savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    await this.#inner.savepoint?.((connection as TrackedConnection).inner, name, compile)
  }

  async rollbackToSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler['compileQuery'],
  ) {
    await this.#inner.rollbackToSavepoint?.((connection as TrackedConnection).inner, name, compile)
  }

  async releaseSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler['compileQuery'],
  ) {
    await this.#inner.releaseSavepoint?.((connection as TrackedConnection).inner, name, compile)
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.#inner.releaseConnection((connection as TrackedConnection).inner)
  }

  destroy(): Promise<void> {
    return this.#inner.destroy()
  }
}

/** Tables written so far in the open transaction, or 'all'. */
type Pending = Set<string> & { all?: boolean }

class TrackedConnection implements DatabaseConnection {
  readonly inner: DatabaseConnection
  readonly #changes: TableChanges
  readonly #hooks: StatementHooks | undefined
  /** Set while a transaction is open on this connection. */
  pending: Pending | undefined

  constructor(inner: DatabaseConnection, changes: TableChanges, hooks: StatementHooks | undefined) {
    this.inner = inner
    this.#changes = changes
    this.#hooks = hooks
  }

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const { reads, writes } = statementTables(compiled.sql)
    this.#changes.observe?.(compiled.sql, reads, writes)
    this.#hooks?.before()
    try {
      return await this.inner.executeQuery<R>(compiled)
    } finally {
      this.#hooks?.after()
      this.#wrote(writes)
    }
  }

  async *streamQuery<R>(compiled: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    const { reads, writes } = statementTables(compiled.sql)
    this.#changes.observe?.(compiled.sql, reads, writes)
    try {
      yield* this.inner.streamQuery<R>(compiled, chunkSize)
    } finally {
      this.#wrote(writes)
    }
  }

  #wrote(writes: readonly string[] | 'all'): void {
    if (writes !== 'all' && writes.length === 0) return
    const pending = this.pending
    if (!pending) {
      if (writes === 'all') this.#changes.changedAll()
      else this.#changes.changed(writes)
    } else if (writes === 'all') pending.all = true
    else for (const table of writes) pending.add(table)
  }

  report(pending: Pending): void {
    if (pending.all) this.#changes.changedAll()
    else if (pending.size > 0) this.#changes.changed(pending)
  }
}
