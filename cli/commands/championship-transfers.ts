import { Command } from 'commander'
import type { LockedState, TransferPlan } from '../../server/domain/championship/transfers'

/** The pure transfer rules (shared with the server and the web builder), loaded when needed. */
type Rules = typeof import('../../server/domain/championship/transfers')

import type { Answer } from '../lib/api-types'
import {
  type ClassicTeamEdit,
  championshipApi,
  idList,
  myTeamIn,
  phasePath,
  teamPath,
} from '../lib/championship'
import { runs, serverOptions } from '../lib/command'
import { type Io, printJson } from '../lib/io'
import { intFlag, type OptionsOf, resolveServer } from '../lib/options'
import { style } from '../lib/style'
import { formatFields, rupees } from '../lib/table'

const ID = 2 ** 31 - 1

const transfersOptions = serverOptions((z) => ({
  phase: intFlag(z, 'a phase id', 1, ID),
  players: z
    .string()
    .trim()
    .regex(/^\d+(\s*,\s*\d+)*$/, {
      error: (i) => `expected comma-joined player ids such as 11,12,13, got ${JSON.stringify(i.input)}`,
    })
    .transform(idList)
    .optional(),
}))

export function transfersCommand(io: Io): Command {
  const transfers = new Command('transfers')
    .description(
      'Your transfers in a phase: free and paid left, and what the saved change (or --players, a side you are thinking of) counts as and would cost when the next match locks. Nothing is saved.',
    )
    .requiredOption('--phase <id>', 'the series phase')
    .option('--players <ids>', 'price this side instead of the saved one (comma-joined player ids)')
  runs(io, transfers, transfersOptions, runTransfers)
  return transfers
}

/** The team at its last lock, from the edit data; null before the first lock. */
export function lockedStateOf(edit: ClassicTeamEdit): LockedState | null {
  if (edit.last_lock_player_ids === null || typeof edit.free_at_lock !== 'number') return null
  return { player_ids: edit.last_lock_player_ids, free_left: edit.free_at_lock }
}

/** The plan of one side against the last lock, as `--json` prints it (money in rupees). */
export function transfersView(
  rules: Rules,
  teamId: number,
  state: LockedState | null,
  plan: TransferPlan,
  priced: 'saved' | 'proposed',
) {
  return {
    classic_team_id: teamId,
    priced,
    unlimited: plan.unlimited,
    free_at_last_lock: state?.free_left ?? null,
    free_per_match: rules.FREE_TRANSFERS_PER_MATCH,
    paid_fees: rules.PAID_TRANSFER_FEES_PAISE.map((p) => p / 100),
    player_in: plan.player_in,
    player_out: plan.player_out,
    used: plan.used,
    free_used: plan.free_used,
    paid_used: plan.paid_used,
    free_left: plan.free_left,
    paid_left: plan.paid_left,
    cost_at_next_lock: plan.cost_paise / 100,
  }
}

async function runTransfers(io: Io, opts: OptionsOf<typeof transfersOptions>): Promise<void> {
  const api = championshipApi(io, resolveServer(io, opts.server))
  const { id } = await myTeamIn(api, opts.phase)
  const { classic_team: edit } = await api.get<{ classic_team: ClassicTeamEdit }>(`${teamPath(id)}/edit`)
  const state = lockedStateOf(edit)
  const side = opts.players ?? edit.team_players.map((p) => p.id)
  const rules: Rules = await import('../../server/domain/championship/transfers')
  const { FREE_TRANSFERS_PER_MATCH, PAID_TRANSFER_FEES_PAISE } = rules
  const plan = rules.planTransfers(state, side)
  const view = transfersView(rules, id, state, plan, opts.players ? 'proposed' : 'saved')
  if (opts.json) return printJson(io, view)
  const s = style(io.color)
  const { players } = await api.get<Answer<'/api/championship/series_phases/{id}/players'>>(
    `${phasePath(opts.phase)}/players`,
  )
  const names = new Map(players.map((p) => [p.id, p.display_name || p.name]))
  const who = (ids: number[]) =>
    ids.map((i) => (names.has(i) ? `${names.get(i)} (${i})` : String(i))).join(', ')
  if (plan.unlimited) {
    io.out(
      `Team ${id} has not been locked yet: changes are unlimited and free until its first match starts.\n`,
    )
    return
  }
  const over = plan.paid_used > PAID_TRANSFER_FEES_PAISE.length
  io.out(
    formatFields(
      [
        ['team', id],
        [
          'at last lock',
          `${state?.free_left} free transfers banked, ${PAID_TRANSFER_FEES_PAISE.length} paid available (${PAID_TRANSFER_FEES_PAISE.map((p) => rupees(p / 100)).join(', then ')})`,
        ],
        [
          opts.players ? 'this side' : 'saved change',
          plan.used === 0
            ? 'no transfers'
            : `${plan.used} transfer${plan.used === 1 ? '' : 's'}: ${plan.free_used} free, ${plan.paid_used} paid`,
        ],
        ...(plan.player_in.length > 0
          ? [['in', who(plan.player_in)] as const, ['out', who(plan.player_out)] as const]
          : []),
        ['free left', plan.free_left],
        ['paid left', plan.paid_left],
        ['cost at next lock', plan.cost_paise === 0 ? 'nothing' : rupees(plan.cost_paise / 100)],
      ],
      s,
    ),
  )
  if (over)
    io.out(
      s.red(
        `Too many transfers: ${plan.used} used, ${state?.free_left} free + ${PAID_TRANSFER_FEES_PAISE.length} paid left; the save would be refused.\n`,
      ),
    )
  else
    io.out(
      s.dim(
        `Unused free transfers carry forward (+${FREE_TRANSFERS_PER_MATCH} per match); paid ones lapse. Reverting a change before the lock costs nothing.\n`,
      ),
    )
}
