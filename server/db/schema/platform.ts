import type { Generated } from 'kysely'

// What the server itself keeps: settings, jobs, the shared bus, nodes, idempotency, the outbox.

/** A running server process and its last beat (wall ms); see server/areas/cluster/nodes.ts. */
export interface ServerNodesTable {
  node_id: string
  started_at_ms: number
  seen_at_ms: number
}

/** Sockets one node holds in one room (auction manager presence), counted across live nodes. */
export interface PresenceTable {
  node_id: string
  room: string
  connections: number
}

/** Uploaded bytes on PostgreSQL, by the attachment's storage path. */
export interface AttachmentFilesTable {
  storage_path: string
  bytes: Uint8Array
}

/**
 * Counters bumped by triggers in the same transaction as the changes they count
 * (`contest_lists`: any change that can move a contest in or out of a list), so a
 * per-process cache can check that what it holds is current with one primary-key read.
 */
export interface DataVersionsTable {
  name: string
  version: number
}

export interface AppSettingsTable {
  key: string
  value: string
  updated_at_ms: number
}

/** Hits (failed sign-ins) of one bucket in one fixed wall-time window. */
export interface RateLimitCountersTable {
  bucket: string
  window_start_ms: number
  hits: number
}

/** A stream of the shared bus (PostgreSQL, server/lib/pg-bus.ts): its last seq and the one before. */
export interface BusStreamsTable {
  stream: string
  seq: number
  prev: Generated<number>
}

/** A recent message of the shared bus, kept for a retention window (server/lib/pg-bus.ts). */
export interface BusMessagesTable {
  stream: string
  seq: number
  prev: number
  /** The message as JSON, without its seq. */
  body: string
  /** Wall time of the publish: rows older than the retention window are pruned. */
  at_ms: number
}

export interface OutboxMessagesTable {
  id: Generated<number>
  to_address: string
  channel: Generated<string>
  subject: string
  body: string
  created_at_ms: number
}

/** `running`: claimed by one server process (`claimed_by`), until `lease_until_ms` (wall time). */
export type JobStatus = 'pending' | 'running' | 'done' | 'failed'

export interface ScheduledJobsTable {
  id: Generated<number>
  kind: string
  run_at_ms: number
  payload: Generated<string>
  unique_key: string | null
  status: Generated<JobStatus>
  attempts: Generated<number>
  last_error: string | null
  created_at_ms: number
  done_at_ms: number | null
  claimed_by: string | null
  lease_until_ms: number | null
}

/** The first answer to a money-moving POST with an Idempotency-Key, replayed for the same key and body. */
export interface IdempotencyKeysTable {
  id: Generated<number>
  user_id: number
  key: string
  method: string
  path: string
  request_hash: string
  status_code: number
  response_body: string
  created_at_ms: number
}

export interface PlatformTables {
  server_nodes: ServerNodesTable
  presence: PresenceTable
  attachment_files: AttachmentFilesTable
  data_versions: DataVersionsTable
  app_settings: AppSettingsTable
  rate_limit_counters: RateLimitCountersTable
  bus_streams: BusStreamsTable
  bus_messages: BusMessagesTable
  outbox_messages: OutboxMessagesTable
  scheduled_jobs: ScheduledJobsTable
  idempotency_keys: IdempotencyKeysTable
}
