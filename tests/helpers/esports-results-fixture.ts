import type { Selectable } from 'kysely'
import { chargeEsportsEntry } from '../../server/areas/esports/money'
import type { Deps } from '../../server/core/deps'
import type { EsportsContestsTable, EsportsGame, EsportsKind, EsportsMode } from '../../server/db/schema'
import { withTx } from '../../server/db/tx'
import type { PercentRange } from '../../server/domain/contest-creation'
import { TEAM_SIZES } from '../../server/domain/esports/rules'
import { rowWhere } from './db'
import type { client } from './http'

type Api = ReturnType<typeof client>
export type Player = Awaited<ReturnType<Api['player']>>

/**
 * An esports room ready for its results (docs/esports.md), made of rows directly: the
 * contest (locked, started a minute ago), squads of players with verified game accounts,
 * and every member's entry fee paid into the contest's pool through `chargeEsportsEntry`
 * after the admin credited their wallet — so payouts come out of a real pool.
 */
export interface RoomOptions {
  kind?: EsportsKind
  mode?: EsportsMode
  squads?: number
  /** Players per squad (default: the mode's size). */
  perSquad?: number
  entryFee?: number
  perKill?: number
  rakeBps?: number
  percents?: PercentRange[]
  status?: 'open' | 'locked' | 'completed' | 'cancelled'
  /** Start relative to the clock (default: a minute ago). */
  startsInMs?: number
  isPrivate?: boolean
  /** Rupees each player gets before paying (default: the entry fee). */
  credit?: number
  host?: Player
}

export interface Room {
  contest: Selectable<EsportsContestsTable>
  host: Player
  squads: Array<{ id: number; name: string; players: Array<Player & { memberId: number }> }>
  players: Array<Player & { memberId: number; squadId: number }>
}

const GAME_OF: Record<EsportsKind, EsportsGame> = {
  pubg: 'pubg',
  'pubg-lite': 'pubg',
  'pubg-single-match': 'pubg',
  'free-fire': 'free-fire',
  'call-of-duty': 'call-of-duty',
}

const SQUAD_NAMES = ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo', 'Foxtrot', 'Golf', 'Hotel']
let serial = 0

export async function esportsRoom(
  deps: Deps,
  api: Api,
  admin: { token: string },
  o: RoomOptions = {},
): Promise<Room> {
  const kind = o.kind ?? 'free-fire'
  const game = GAME_OF[kind]
  const mode = o.mode ?? 'duo'
  const perSquad = o.perSquad ?? TEAM_SIZES[mode]
  const squadCount = o.squads ?? 3
  const fee = o.entryFee ?? 50
  const now = deps.clock.now()
  const host = o.host ?? (await api.player())
  const n = ++serial
  const contest = await deps.db
    .insertInto('esports_contests')
    .values({
      kind,
      game,
      mode,
      team_size: TEAM_SIZES[mode],
      name: `Room ${n}`,
      host_id: host.id,
      entry_fee_paise: Math.round(fee * 100),
      rake_bps: o.rakeBps ?? 1500,
      per_kill_paise: Math.round((o.perKill ?? 0) * 100),
      prize_percents: JSON.stringify(
        o.percents ?? [
          { from: 1, to: 1, percent_bps: 5000 },
          { from: 2, to: 2, percent_bps: 3000 },
          { from: 3, to: 3, percent_bps: 2000 },
        ],
      ),
      slots: Math.max(squadCount, 2),
      is_private: o.isPrivate ? 1 : 0,
      invite_code: `ROOM${n}X${Math.floor(Math.random() * 1e9)}`,
      starts_at_ms: now + (o.startsInMs ?? -60_000),
      reveal_minutes: 15,
      status: o.status ?? 'locked',
      locked_at_ms: now - 120_000,
      created_at_ms: now - 3_600_000,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
  const room: Room = { contest, host, squads: [], players: [] }
  for (let s = 0; s < squadCount; s++) {
    const players: Array<Player & { memberId: number }> = []
    const name = `Squad ${SQUAD_NAMES[s] ?? s + 1}`
    const squadPlayers: Player[] = []
    for (let k = 0; k < perSquad; k++) {
      const p = await api.player()
      const credit = o.credit ?? fee
      if (credit > 0) {
        const res = await api.post(
          '/api/admin/wallet/credits',
          { user_id: p.id, amount: credit, compartment: 'unused' },
          admin.token,
        )
        if (res.status >= 300) throw new Error(`credit: ${res.status} ${JSON.stringify(res.body)}`)
      }
      squadPlayers.push(p)
    }
    const squad = await deps.db
      .insertInto('esports_squads')
      .values({
        contest_id: contest.id,
        name,
        captain_id: (squadPlayers[0] as Player).id,
        invite_code: `SQ${n}X${s}X${Math.floor(Math.random() * 1e9)}`,
        slot_no: s + 1,
        members_count: perSquad,
        created_at_ms: now - 3_000_000,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    for (const [k, p] of squadPlayers.entries()) {
      const account = await deps.db
        .insertInto('game_accounts')
        .values({
          user_id: p.id,
          game,
          in_game_name: `${p.username}_ig`,
          character_id: String(10_000_000 + p.id),
          game_level: 40,
          status: 'verified',
          reject_reason: null,
          created_at_ms: now - 4_000_000,
          updated_at_ms: now - 4_000_000,
        })
        .onConflict((oc) => oc.doNothing())
        .returning('id')
        .executeTakeFirst()
      const accountId =
        account?.id ??
        (
          await deps.db
            .selectFrom('game_accounts')
            .select('id')
            .where('user_id', '=', p.id)
            .where('game', '=', game)
            .executeTakeFirstOrThrow()
        ).id
      const memberId = await withTx(deps, async (tx, after) => {
        const m = await tx
          .insertInto('esports_members')
          .values({
            contest_id: contest.id,
            squad_id: squad.id,
            user_id: p.id,
            game_account_id: accountId,
            in_game_name: `${p.username}_ig`,
            character_id: String(10_000_000 + p.id),
            position: k + 1,
            entry_fee_paise: contest.entry_fee_paise,
            joined_at_ms: now - 3_000_000,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
        await chargeEsportsEntry(tx, after, { contest, memberId: m.id, userId: p.id, nowMs: now })
        return m.id
      })
      players.push({ ...p, memberId })
      room.players.push({ ...p, memberId, squadId: squad.id })
    }
    room.squads.push({ id: squad.id, name, players })
  }
  await deps.db
    .updateTable('esports_contests')
    .set({ squads_count: squadCount, members_count: squadCount * perSquad })
    .where('id', '=', contest.id)
    .execute()
  return room
}

/** Balances in paise of one user (unused, winnings). */
export async function paise(deps: Deps, userId: number) {
  const rows = await deps.db
    .selectFrom('ledger_accounts')
    .select(['kind', 'balance'])
    .where('user_id', '=', userId)
    .execute()
  const out = { unused: 0, winnings: 0 }
  for (const r of rows) if (r.kind === 'unused' || r.kind === 'winnings') out[r.kind] = Number(r.balance)
  return out
}

/** Balance of a ledger account by code (0 when it does not exist). */
export async function accountBalance(deps: Deps, code: string): Promise<number> {
  const row = await rowWhere(deps.db, 'ledger_accounts', { code }, 'balance')
  return row ? Number(row.balance) : 0
}
