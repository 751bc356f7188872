/**
 * Named places where a crash does the most harm (between a change and its record, between a
 * commit and its answer). With `config.crashPoint` set to one of them (`FANSPOLE_CRASH_POINT`)
 * the server kills itself there with SIGKILL — no shutdown code, no flushing — so a restart
 * test can put a real `kill -9` exactly where a timing race would only rarely land it
 * (docs/restarts.md). Without the setting these are no-ops.
 */
export type CrashPoint =
  /** An idempotent request did its work and recorded its answer, in its open transaction. */
  | 'idempotency.answered'
  /** An idempotent request committed; its answer has not been sent. */
  | 'idempotency.committed'
  /** A match's every contest is paid; its championship step and `settled_at_ms` are not written. */
  | 'settlement.paid'

export function crashPoint(config: { crashPoint?: string }, name: CrashPoint): void {
  if (config.crashPoint === name) process.kill(process.pid, 'SIGKILL')
}
