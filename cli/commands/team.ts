import { randomInt } from 'node:crypto'
import { Command } from 'commander'
import { createRng } from '../../server/domain/rng'
import { buildTeam, TEAM_STRATEGIES } from '../../server/domain/team-strategy'
import type { Api } from '../lib/api'
import type { Answer } from '../lib/api-types'
import { commandGroup, runs, serverOptions } from '../lib/command'
import { CliError, UsageError } from '../lib/errors'
import { type Io, printJson } from '../lib/io'
import { intFlag, MAX_ID, type OptionsOf, seedFlag } from '../lib/options'
import { findPlayer } from '../lib/player-names'
import { player } from '../lib/session'
import { style } from '../lib/style'
import { formatTable } from '../lib/table'

type Squad = Answer<'/api/matches/{id}/players'>['players']
type Created = Answer<'/api/matches/{match_id}/user_teams', 'post'>['user_team']

/** `--players "Kohli, 104, R Sharma"`: names or ids, comma-joined. */
const namesFlag = (z: typeof import('zod').z) =>
  z
    .string()
    .transform((text) =>
      text
        .split(',')
        .map((name) => name.trim())
        .filter((name) => name !== ''),
    )
    .refine((names) => names.length > 0, 'expected comma-joined player names or ids, e.g. "Kohli,Bumrah,104"')

const createOptions = serverOptions((z) => ({
  match: intFlag(z, 'a match id', 1, MAX_ID),
  strategy: z.enum(TEAM_STRATEGIES, { error: `expected ${TEAM_STRATEGIES.join(', ')}` }).default('favourite'),
  players: namesFlag(z).optional(),
  captain: z.string().trim().min(1).optional(),
  viceCaptain: z.string().trim().min(1).optional(),
  seed: seedFlag(z).optional(),
}))
type CreateOptions = OptionsOf<typeof createOptions>

export function dailyTeamCommand(io: Io): Command {
  const create = new Command('create')
    .description(
      'Build a valid daily team for a match as the signed-in player and create it (POST /api/matches/{id}/user_teams): by a strategy, by the players you name, or both (the named ones kept, the rest by the strategy). Strategies: favourite (the most-selected players), differential (the least-selected: picks few others have), random (seeded by --seed). The budget and role rules hold (docs/team-rules.md).',
    )
    .requiredOption('--match <id>', 'the match (see fanspole match list)')
    .option('--strategy <name>', `${TEAM_STRATEGIES.join(', ')} (default: favourite)`)
    .option(
      '--players <names>',
      'comma-joined player names or ids ("Virat Kohli", "kohli", 104): all 11 for an exact team, fewer to fill by --strategy',
    )
    .option('--captain <name>', 'captain (scores ×2), by name or id (default: the strategy’s first)')
    .option('--vice-captain <name>', 'vice-captain (scores ×1.5), by name or id (default: its second)')
    .option(
      '--seed <n>',
      'the random strategy’s seed: the same seed and match give the same team (default: a new one)',
    )
  runs(io, create, createOptions, runCreate)
  return commandGroup(
    'team',
    'build your daily team for a match: by strategy (favourite, differential, random) or by player names',
    [create],
    '\nExamples:\n  fanspole team create --match 14\n  fanspole team create --match 14 --strategy differential\n  fanspole team create --match 14 --strategy random --seed 7 --json\n  fanspole team create --match 14 --players "Kohli,Bumrah,Rahul" --captain Kohli --vice-captain Bumrah\n',
  )
}

async function squadOf(api: Api, matchId: number) {
  const { match } = await api.get<Answer<'/api/matches/{id}'>>(`/api/matches/${matchId}`)
  const { players } = await api.get<Answer<'/api/matches/{id}/players'>>(`/api/matches/${matchId}/players`)
  return { sport: match.sport_slug, squad: players }
}

/** The named players, captain and vice-captain as ids: every unknown name reported at once (exit 2). */
function namedIds(o: CreateOptions, squad: Squad) {
  const problems: string[] = []
  const idOf = (written: string) => {
    const found = findPlayer(squad, written)
    if (found.ok) return found.player.id
    problems.push(found.problem)
    return 0
  }
  const include = (o.players ?? []).map(idOf)
  const captain = o.captain === undefined ? undefined : idOf(o.captain)
  const vice = o.viceCaptain === undefined ? undefined : idOf(o.viceCaptain)
  if (problems.length > 0)
    throw new UsageError(
      problems.join('\n'),
      `Names are matched against match ${o.match}'s squad (on the web: /matches/${o.match}/create-team); an id always works`,
    )
  if (new Set(include).size < include.length) throw new UsageError('--players: names a player twice')
  if (captain !== undefined && captain === vice)
    throw new UsageError('--captain and --vice-captain: the same player; pick two')
  // A named captain or vice-captain is in the team, listed among the players or not.
  for (const leader of [captain, vice])
    if (leader !== undefined && !include.includes(leader)) include.push(leader)
  return { include, captain, vice }
}

/** The captain and vice-captain: the named ones, else the strategy's (never the same player twice). */
function leaders(
  team: { captain_id: number; vice_captain_id: number },
  named: { captain?: number; vice?: number },
) {
  const captain = named.captain ?? (named.vice === team.captain_id ? team.vice_captain_id : team.captain_id)
  const vice = named.vice ?? (captain === team.vice_captain_id ? team.captain_id : team.vice_captain_id)
  return { captain, vice }
}

async function runCreate(io: Io, o: CreateOptions): Promise<void> {
  const api = player(io, o.server)
  const { sport, squad } = await squadOf(api, o.match)
  const named = namedIds(o, squad)
  const seed = o.seed ?? randomInt(0, MAX_ID)
  const rng = createRng(seed).stream(`team:${o.match}`)
  const pool = squad.map((p) => ({
    id: p.id,
    style: p.style,
    value_tenths: p.value_tenths,
    real_team_id: p.team.id,
    selected_by: p.selected_by,
  }))
  const team = buildTeam(sport, pool, o.strategy, rng, named.include)
  if (!team)
    throw new CliError(
      named.include.length > 0
        ? `No valid ${sport} team of match ${o.match} holds those ${named.include.length} players`
        : `No valid ${sport} team can be built from match ${o.match}'s squad`,
      {
        code: 'NO_VALID_TEAM',
        hint: 'The budget and role rules: docs/team-rules.md. Name fewer players or others.',
      },
    )
  const { captain, vice } = leaders(team, named)
  const { user_team } = await api.post<Answer<'/api/matches/{match_id}/user_teams', 'post'>>(
    `/api/matches/${o.match}/user_teams`,
    { player_ids: team.player_ids.join(','), captain, vice_captain: vice },
  )
  const how = o.players ? (named.include.length === 11 ? 'named' : `named + ${o.strategy}`) : o.strategy
  if (o.json) return printJson(io, { user_team, strategy: how, ...(o.strategy === 'random' ? { seed } : {}) })
  printTeam(io, user_team, how, o.strategy === 'random' ? seed : undefined)
}

function printTeam(io: Io, t: Created, how: string, seed: number | undefined) {
  const s = style(io.color)
  io.out(
    `${s.bold(`Team ${t.team_no}`)} for match ${t.match_id} (${how}${seed === undefined ? '' : `, seed ${seed}`}): ${t.team_players.length} players, ${t.budget} credits used, ${t.credits_left} left\n\n`,
  )
  io.out(
    formatTable(
      t.team_players,
      [
        { header: '', value: (p) => (p.is_captain ? 'C' : p.is_vice_captain ? 'VC' : '') },
        { header: 'PLAYER', value: (p) => p.display_name },
        { header: 'ROLE', value: (p) => p.style_label },
        { header: 'TEAM', value: (p) => p.team.name_attr },
        { header: 'CREDITS', value: (p) => p.value },
        {
          header: 'SELECTED',
          value: (p) => (p.selected_by === null ? '–' : `${p.selected_by}%`),
          align: 'right',
        },
      ],
      s,
    ),
  )
  io.out(
    `\nJoin a contest with it: fanspole contest list --match ${t.match_id}, then fanspole contest join ID --team ${t.id}\n`,
  )
}
