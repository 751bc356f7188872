import { Command } from 'commander'
import type { Schema } from '../../lib/api-types'
import { apiOf, commandGroup, plainOptions, runsOnId, serverOptions } from '../../lib/command'
import { type Io, printJson } from '../../lib/io'
import type { OptionsOf } from '../../lib/options'
import { style } from '../../lib/style'
import { formatInstant } from '../../lib/time'

/** GET/PUT /api/esports/contests/{id}/room_details (docs/esports.md "Room details"). */
type RoomDetails = Schema<'EsportsRoomDetails'>

const setOptions = serverOptions((z) => ({
  id: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{3,20}$/, 'the room id is 3 to 20 letters or digits'),
  password: z
    .string()
    .trim()
    .regex(/^[\x21-\x7E]{1,20}$/, 'the room password is 1 to 20 characters, without spaces'),
}))

const showOptions = plainOptions

/** `fanspole esports room set|show` — the custom room's id and password of an esports contest. */
export function esportsRoomCommand(io: Io): Command {
  const set = new Command('set')
    .description(
      'Set or change the room id and password (the host or an admin). Members see them from the reveal time (starts_at − reveal_minutes); set after it, they are notified at once.',
    )
    .argument('<contest>', 'the esports contest id')
    .requiredOption('--id <room id>', 'the custom room’s id: 3 to 20 letters or digits')
    .requiredOption('--password <password>', 'the room’s password: 1 to 20 characters, no spaces')
  runsOnId(io, set, '<contest>', setOptions, (io, id, opts) => runSet(io, id, opts))

  const show = new Command('show')
    .description(
      'Show the room id and password: always to the host and admins, to members once revealed and set; otherwise says when they appear.',
    )
    .argument('<contest>', 'the esports contest id')
  runsOnId(io, show, '<contest>', showOptions, (io, id, opts) => runShow(io, id, opts))

  return commandGroup(
    'room',
    'an esports contest’s custom room: set its id and password (host), show them (members from the reveal)',
    [set, show],
    '\nExamples:\n  fanspole esports room set 1000001 --id ROOM4471 --password x7k2\n  fanspole esports room show 1000001\n  fanspole esports room show 1000001 --json\n',
  )
}

const path = (id: number) => `/api/esports/contests/${id}/room_details`

async function runSet(io: Io, id: number, opts: OptionsOf<typeof setOptions>): Promise<void> {
  const api = apiOf(io, opts, 'user')
  const answer = await api.put<{ room_details: RoomDetails }>(path(id), {
    room_id: opts.id,
    room_password: opts.password,
  })
  if (opts.json) return printJson(io, answer)
  const s = style(io.color)
  io.out(`${s.green('Room details set')} for contest #${id}\n`)
  print(io, answer.room_details)
}

async function runShow(io: Io, id: number, opts: OptionsOf<typeof showOptions>): Promise<void> {
  const api = apiOf(io, opts, 'user')
  const answer = await api.get<{ room_details: RoomDetails }>(path(id))
  if (opts.json) return printJson(io, answer)
  print(io, answer.room_details)
}

function print(io: Io, r: RoomDetails) {
  io.out(`Room id:   ${r.room_id ?? '(not set yet)'}\n`)
  io.out(`Password:  ${r.room_password ?? '(not set yet)'}\n`)
  io.out(`Reveal:    ${formatInstant(r.reveal_at_in_millis)} (members see the room from then)\n`)
  io.out(`Starts:    ${formatInstant(r.starts_at_in_millis)}\n`)
}
