/**
 * What N nodes on one PostgreSQL of K cores would serve, from the CPU one read, one bid and one
 * broadcast cost in each (measured by the cluster bench on one node, where nothing but the
 * load competes). A projection, not a measurement: it assumes the costs stay what they were
 * (no lock waits, caches as warm) and that CPU is the limit; docs/scale.md says where that
 * stops holding (NOTIFY's queue, one auction's row lock, connections).
 */
export interface UnitCosts {
  node_us_per_read: number
  postgres_us_per_read: number
  node_us_per_bid: number
  postgres_us_per_bid: number
  node_us_per_broadcast: number
  postgres_us_per_broadcast: number
  node_us_per_delivered_message: number
}

export interface Projection {
  nodes: number
  node_cores: number
  postgres_cores: number
  reads_per_s: number
  reads_limited_by: 'nodes' | 'postgres'
  bids_per_s: number
  bids_limited_by: 'nodes' | 'postgres'
  /** Messages a second the nodes can write to sockets (fan-out divides over the nodes). */
  delivered_per_s: number
  /** Broadcasts a second PostgreSQL can carry (its share of each: the write and the NOTIFY). */
  broadcasts_per_s: number
}

/** Bare `pg_notify` commits a second measured on this machine (docs/scale.md): a cluster-wide ceiling on broadcasts. */
export const NOTIFY_CEILING_PER_S = 3845

export function project(
  costs: UnitCosts,
  nodes: number,
  nodeCores: number,
  postgresCores: number,
): Projection {
  const nodeUs = nodes * nodeCores * 1_000_000
  const pgUs = postgresCores * 1_000_000
  const readsByNodes = nodeUs / costs.node_us_per_read
  const readsByPg =
    costs.postgres_us_per_read > 0 ? pgUs / costs.postgres_us_per_read : Number.POSITIVE_INFINITY
  const bidsByNodes = nodeUs / costs.node_us_per_bid
  const bidsByPg = pgUs / costs.postgres_us_per_bid
  return {
    nodes,
    node_cores: nodeCores,
    postgres_cores: postgresCores,
    reads_per_s: Math.round(Math.min(readsByNodes, readsByPg)),
    reads_limited_by: readsByNodes <= readsByPg ? 'nodes' : 'postgres',
    bids_per_s: Math.round(Math.min(bidsByNodes, bidsByPg)),
    bids_limited_by: bidsByNodes <= bidsByPg ? 'nodes' : 'postgres',
    delivered_per_s: Math.round(nodeUs / costs.node_us_per_delivered_message),
    broadcasts_per_s: Math.round(Math.min(pgUs / costs.postgres_us_per_broadcast, NOTIFY_CEILING_PER_S)),
  }
}

/** The table the bench prints: 1, 2, 4 and 8 nodes of `nodeCores` on PostgreSQL of 2, 4 and 8 cores. */
export function projections(costs: UnitCosts, nodeCores = 2): Projection[] {
  const rows: Projection[] = []
  for (const postgresCores of [2, 4, 8])
    for (const nodes of [1, 2, 4, 8]) rows.push(project(costs, nodes, nodeCores, postgresCores))
  return rows
}
