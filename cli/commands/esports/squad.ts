import { Command } from 'commander'
import type { Answer, Schema } from '../../lib/api-types'
import { idArgument } from '../../lib/arguments'
import { apiOf, commandGroup, plainOptions, printTable, runsOnId, serverOptions } from '../../lib/command'
import { UsageError } from '../../lib/errors'
import { type Io, printJson } from '../../lib/io'
import { type OptionsOf, parseOptions, withJson, withServer } from '../../lib/options'
import { style } from '../../lib/style'

/** Squad and Member JSON of docs/esports.md ("Members and squads"). */
type Member = Schema<'EsportsMember'>
type Squad = Schema<'EsportsSquad'>

const joinOptions = serverOptions((z) => ({
  squadName: z.string().trim().min(2, 'give a squad name of 2 to 24 characters').max(24).optional(),
  code: z.string().trim().min(1).max(40).optional(),
  inviteCode: z.string().trim().min(1).max(40).optional(),
}))

/** `fanspole esports squad …`: join, leave and run squads of esports contests as the signed-in player. */
export function esportsSquadCommand(io: Io): Command {
  const join = new Command('join')
    .description(
      'Join an esports contest: a new squad (you its captain) or, with --code, a squad by its invite code. Needs a verified game account for the contest’s game; the entry fee is charged at once.',
    )
    .argument('<contest>', 'the esports contest id')
    .option('--squad-name <name>', 'the new squad’s name (default: your in-game name’s squad)')
    .option('--code <code>', 'a squad’s invite code: join that squad')
    .option('--invite-code <code>', 'a private contest’s invite code')
  withJson(withServer(join)).action(async (contest: string, raw) => {
    const opts = await parseOptions(joinOptions, raw)
    if (opts.squadName !== undefined && opts.code !== undefined)
      throw new UsageError('Give --squad-name or --code, not both')
    return runJoin(io, idArgument('<contest>', contest), opts)
  })

  const leave = new Command('leave')
    .description('Leave an esports contest before the lock; the entry fee comes back to your unused balance.')
    .argument('<contest>', 'the esports contest id')
  runsOnId(io, leave, '<contest>', plainOptions, (io, id, opts) => runLeave(io, id, opts))

  const list = new Command('list')
    .description('List the squads of an esports contest and their members, by slot.')
    .argument('<contest>', 'the esports contest id')
  runsOnId(io, list, '<contest>', plainOptions, (io, id, opts) => runList(io, id, opts))

  const invite = new Command('invite')
    .description(
      'Invite a player to your squad by username (captain): they get a notification with the link.',
    )
    .argument('<squad>', 'the squad id (from `fanspole esports squad list`)')
    .argument('<username>', 'the player’s username')
  withJson(withServer(invite)).action(async (squad: string, username: string, raw) =>
    runInvite(io, idArgument('<squad>', squad), username, await parseOptions(plainOptions, raw)),
  )

  const remove = new Command('remove')
    .description('Remove a member from your squad (captain); their entry fee is refunded.')
    .argument('<squad>', 'the squad id')
    .argument('<user-id>', 'the member’s user id')
  withJson(withServer(remove)).action(async (squad: string, user: string, raw) =>
    runRemove(
      io,
      idArgument('<squad>', squad),
      idArgument('<user-id>', user),
      await parseOptions(plainOptions, raw),
    ),
  )

  return commandGroup(
    'squad',
    'join or leave an esports contest, list its squads, invite or remove squad members',
    [join, leave, list, invite, remove],
    '\nExamples:\n  fanspole esports squad join 1000001 --squad-name "Night Owls"\n  fanspole esports squad join 1000001 --code K7PX2QMA\n  fanspole esports squad list 1000001\n  fanspole esports squad invite 12 asha_k\n  fanspole esports squad remove 12 34\n  fanspole esports squad leave 1000001\n',
  )
}

function printSquad(io: Io, squad: Squad, mine: boolean): void {
  const s = style(io.color)
  io.out(
    `${s.bold(`#${squad.slot_no} ${squad.name}`)} (squad ${squad.id}, captain ${squad.captain.username}, ${squad.members_count} member${squad.members_count === 1 ? '' : 's'})${mine ? s.green(' — yours') : ''}\n`,
  )
  if (squad.invite_code) io.out(`  invite code ${squad.invite_code}\n`)
  for (const m of squad.members)
    io.out(
      `  ${m.position}. ${m.in_game_name} (${m.user.username}, user ${m.user.id})${m.character_id ? ` id ${m.character_id}` : ''}\n`,
    )
}

async function runJoin(io: Io, contestId: number, opts: OptionsOf<typeof joinOptions>): Promise<void> {
  const api = apiOf(io, opts, 'user')
  const answer = await api.post<{ esports_member: Member; squad: Squad }>(
    `/api/esports/contests/${contestId}/join`,
    {
      ...(opts.squadName !== undefined ? { squad_name: opts.squadName } : {}),
      ...(opts.code !== undefined ? { squad_invite_code: opts.code } : {}),
      ...(opts.inviteCode !== undefined ? { invite_code: opts.inviteCode } : {}),
    },
  )
  if (opts.json) return printJson(io, answer)
  const s = style(io.color)
  io.out(
    `${s.green('Joined')} contest ${contestId} in squad ${s.bold(answer.squad.name)} at position ${answer.esports_member.position}\n`,
  )
  printSquad(io, answer.squad, true)
}

async function runLeave(io: Io, contestId: number, opts: OptionsOf<typeof plainOptions>): Promise<void> {
  const api = apiOf(io, opts, 'user')
  const answer = await api.request<Answer<'/api/esports/contests/{id}/membership', 'delete'>>(
    'DELETE',
    `/api/esports/contests/${contestId}/membership`,
  )
  if (opts.json) return printJson(io, answer)
  io.out(`Left contest ${contestId}; the entry fee is back in your unused balance\n`)
}

async function runList(io: Io, contestId: number, opts: OptionsOf<typeof plainOptions>): Promise<void> {
  const api = apiOf(io, opts, 'user')
  const answer = await api.get<{ squads: Squad[]; my_squad_id: number | null }>(
    `/api/esports/contests/${contestId}/squads`,
  )
  if (opts.json) return printJson(io, answer)
  const s = style(io.color)
  printTable(
    io,
    answer.squads,
    'No squads yet\n',
    [
      { header: 'SLOT', value: (q) => q.slot_no },
      { header: 'SQUAD', value: (q) => q.id },
      { header: 'NAME', value: (q) => q.name },
      { header: 'CAPTAIN', value: (q) => q.captain.username },
      { header: 'MEMBERS', value: (q) => q.members.map((m) => m.in_game_name).join(', ') },
      { header: 'CODE', value: (q) => q.invite_code },
    ],
    s,
  )
}

async function runInvite(
  io: Io,
  squadId: number,
  username: string,
  opts: OptionsOf<typeof plainOptions>,
): Promise<void> {
  const api = apiOf(io, opts, 'user')
  const answer = await api.post<Answer<'/api/squad_teams/{id}/invite', 'post'>>(
    `/api/squad_teams/${squadId}/invite`,
    {
      username,
    },
  )
  if (opts.json) return printJson(io, answer)
  io.out(`Invited ${answer.invitation.user.username}: they were notified with ${answer.invitation.url}\n`)
}

async function runRemove(
  io: Io,
  squadId: number,
  userId: number,
  opts: OptionsOf<typeof plainOptions>,
): Promise<void> {
  const api = apiOf(io, opts, 'user')
  const answer = await api.post<{ squad: Squad }>(`/api/squad_teams/${squadId}/remove`, { user_id: userId })
  if (opts.json) return printJson(io, answer)
  io.out(`Removed user ${userId} from ${answer.squad.name}; their entry fee is refunded\n`)
  printSquad(io, answer.squad, true)
}
