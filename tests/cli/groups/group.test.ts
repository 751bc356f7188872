import { EventEmitter } from 'node:events'
import { PassThrough, Writable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createIo } from '../../../cli/lib/io'
import { main } from '../../../cli/main'
import { exits, playerHomes, runCli } from '../helpers'
import { type LeagueCliWorld, leagueCliWorld } from '../match-world'

// `fanspole group …` against a real server with the demo league (docs/groups.md, "CLI"):
// the commands, and `group chat` off a terminal — lines in, lines out, live over /cable.

let world: LeagueCliWorld
beforeAll(async () => {
  world = await leagueCliWorld()
})
afterAll(() => world.close())

/** A second FANSPOLE_HOME: another player signed in on the same server. */
const signedInHome = playerHomes()
const otherHome = async (p: { email: string; password: string }) => (await signedInHome(world.env, p)).env

/** Captures output and tells whoever waits each time something was written. */
class Sink extends Writable {
  text = ''
  readonly written = new EventEmitter()
  override _write(chunk: Buffer, _encoding: string, done: () => void) {
    this.text += chunk.toString()
    this.written.emit('data')
    done()
  }
  /** Resolves once the output matches; fails with the output so far if it never does. */
  until(pattern: RegExp, ms = 15_000): Promise<RegExpMatchArray> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const m = this.text.match(pattern)
        if (!m) return false
        this.written.off('data', check)
        clearTimeout(timer)
        resolve(m)
        return true
      }
      const timer = setTimeout(() => {
        this.written.off('data', check)
        reject(new Error(`no ${pattern} in output:\n${this.text}`))
      }, ms)
      if (!check()) this.written.on('data', check)
    })
  }
}

/** `fanspole group chat …` running in-process with a stdin the test writes to (not a terminal). */
function chat(args: string[], env: NodeJS.ProcessEnv) {
  const stdin = new PassThrough()
  const stdout = new Sink()
  const stderr = new Sink()
  const io = createIo({ stdout, stderr, stdin, env: { ...env } })
  return { stdin, stdout, stderr, exit: main(['group', 'chat', ...args], io) }
}

describe('fanspole group', () => {
  it('creates, invites, joins, lists members, mutes, opens a one-to-one, removes', async () => {
    const asha = await world.api.player('cli_asha')
    const ravi = await world.api.player('cli_ravi')
    const kiran = await world.api.player('cli_kiran')
    const env = await otherHome(asha)
    const cli = (...args: string[]) => runCli(args, env)

    const created = await cli(
      'group',
      'create',
      'Nets crew',
      '--member',
      '@CLI_Ravi',
      '--description',
      'Nets at 7',
    )
    expect(created.code, created.stderr).toBe(0)
    const uuid = /\(([0-9a-f-]{36})\)/.exec(created.stdout)?.[1] as string
    expect(created.stdout).toContain('Created Nets crew')
    expect(created.stdout).toContain(`Chat: fanspole group chat ${uuid.slice(0, 8)}`)

    const list = await cli('group', 'list')
    expect(list.stdout).toMatch(/^ID +NAME +MEMBERS +UNREAD +MUTED +LAST MESSAGE$/m)
    expect(list.stdout).toMatch(new RegExp(`^${uuid.slice(0, 8)} +Nets crew +2$`, 'm'))

    // The invite by the group's name (exact, any case) or its short id.
    const invite = await cli('group', 'invite', 'nets CREW')
    expect(invite.code, invite.stderr).toBe(0)
    const code = /Invite code: ([A-Z2-9]{10})/.exec(invite.stdout)?.[1] as string
    expect(invite.stdout).toMatch(new RegExp(`Link: http.*/groups/invite/${code}\\n`))
    expect((await cli('group', 'invite', uuid.slice(0, 8), '--json')).json()).toMatchObject({
      invite_code: code,
    })

    // Kiran joins from his own CLI with the link; a wrong code is a 404.
    const kiranEnv = await otherHome(kiran)
    const wrong = await runCli(['group', 'join', 'ZZZZZZZZZZ'], kiranEnv)
    exits(wrong, 1, '404')
    const joined = await runCli(['group', 'join', `http://x/groups/invite/${code.toLowerCase()}`], kiranEnv)
    expect(joined.code, joined.stderr).toBe(0)
    expect(joined.stdout).toContain('Joined Nets crew')

    const members = await cli('group', 'members', uuid.slice(0, 8))
    expect(members.stdout).toMatch(/^USER +NAME +ROLE$/m)
    expect(members.stdout).toMatch(/^cli_asha +cli_asha +creator$/m)
    expect(members.stdout).toMatch(/^cli_kiran +cli_kiran +member$/m)

    // Kiran is no admin: removing Ravi is refused, and changes nothing.
    const refused = await runCli(['group', 'remove', uuid, 'cli_ravi'], kiranEnv)
    exits(refused, 1, '403')
    expect((await cli('group', 'members', uuid, '--json')).json().group_members).toHaveLength(3)
    // Nor may he make a new invite; the creator may, and the old code stops working.
    const noReset = await runCli(['group', 'invite', uuid, '--reset'], kiranEnv)
    exits(noReset, 1, '403')
    const reset = await cli('group', 'invite', uuid, '--reset')
    expect(reset.stdout).toContain('New invite made: the old code and link no longer work.')
    const fresh = /Invite code: ([A-Z2-9]{10})/.exec(reset.stdout)?.[1] as string
    expect(fresh).not.toBe(code)
    const stale = await runCli(['group', 'join', code], kiranEnv)
    exits(stale, 1, '404')
    expect((await cli('group', 'invite', uuid, '--json')).json().invite_code).toBe(fresh)

    const muted = await cli('group', 'mute', uuid)
    expect(muted.stdout).toBe('Muted Nets crew: no notifications from it (it still counts unread)\n')
    expect((await cli('group', 'list', '--json')).json().groups[0]).toMatchObject({
      group_uuid_id: uuid,
      is_muted: true,
    })
    expect((await cli('group', 'unmute', uuid, '--json')).json().group.is_muted).toBe(false)

    // Messages from the others show in `group show`, oldest first, without being marked read.
    for (const [who, text] of [
      [ravi, 'Padding up'],
      [kiran, 'On my way\nwith the balls'],
    ] as const)
      expect(
        (
          await world.api.post(
            `/api/groups/${uuid}/messages`,
            { identifier_key: `k-${who.slug}`, message: text, message_type: 'text_message' },
            who.token,
          )
        ).status,
      ).toBe(201)
    const shown = await cli('group', 'show', uuid)
    expect(shown.stdout).toContain(`Nets crew (${uuid}) · 3 members · 2 unread`)
    expect(shown.stdout).toContain('Nets at 7\n')
    // A day line above the first message (and between them, should the day change in between).
    expect(shown.stdout).toMatch(/^-- \w{3} \d{1,2} \w{3} --\n\d{1,2}:\d{2} [AP]M cli_ravi: Padding up$/m)
    expect(shown.stdout).toMatch(
      /cli_ravi: Padding up\n(?:-- .* --\n)?\d{1,2}:\d{2} [AP]M cli_kiran: On my way ⏎ with the balls\n/,
    )

    // The one-to-one: the same conversation every time, from either side.
    const dm = await cli('group', 'dm', 'cli_ravi', '--json')
    expect(dm.code).toBe(0)
    expect(dm.json().group).toMatchObject({ kind: 'one_to_one', members_count: 2 })
    expect((await cli('group', 'dm', 'cli_ravi', '--json')).json().group.group_uuid_id).toBe(
      dm.json().group.group_uuid_id,
    )
    expect((await cli('group', 'dm', 'cli_ravi')).stdout).toMatch(
      /^@cli_ravi \([0-9a-f-]{36}\) · one-to-one\n/,
    )
    const self = await cli('group', 'dm', 'cli_asha')
    exits(self, 1, '422')

    // The creator removes Kiran; Kiran's own view of the group is then a 404.
    const removed = await cli('group', 'remove', uuid.slice(0, 8), 'cli_kiran')
    expect(removed.stdout).toBe(`Removed cli_kiran from ${uuid.slice(0, 8)}\n`)
    const gone = await runCli(['group', 'show', uuid], kiranEnv)
    exits(gone, 1, '404')
    // Ravi leaves by himself.
    const raviEnv = await otherHome(ravi)
    expect((await runCli(['group', 'leave', uuid], raviEnv)).stdout).toBe(`You left ${uuid.slice(0, 8)}\n`)
    expect((await cli('group', 'members', uuid, '--json')).json().group_members).toHaveLength(1)
  })

  it('lists the seeded conversations of the demo player', async () => {
    const env = await otherHome({ email: 'demo@fanspole.local', password: 'demo-pass-2026' })
    const list = await runCli(['group', 'list'], env)
    expect(list.code, list.stderr).toBe(0)
    expect(list.stdout).toMatch(/ Sunday league /)
    expect(list.stdout).toMatch(/ Office XI .* muted /)
    expect(list.stdout).toMatch(/ @\S+ /)
  })

  it('chat off a terminal: history first, others’ messages live, stdin lines sent, ends with stdin', async () => {
    const asha = await world.api.player('chat_asha')
    const ravi = await world.api.player('chat_ravi')
    const env = await otherHome(asha)
    const made = await world.api.post(
      '/api/groups',
      { name: 'Live nets', member_slugs: [ravi.slug] },
      asha.token,
    )
    const uuid = made.body.group.group_uuid_id as string
    const say = (text: string, key: string) =>
      world.api.post(`/api/groups/${uuid}/messages`, { identifier_key: key, message: text }, ravi.token)
    expect((await say('Earlier today', 'r-1')).status).toBe(201)

    const c = chat([uuid.slice(0, 8)], env)
    await c.stdout.until(/[AP]M chat_ravi: Earlier today\n/)
    // Once the history is out, ravi writes: it arrives over /cable, as its own line. Reading it
    // moves asha's marker, so her unread count goes back to zero.
    await c.stderr.until(/^Chatting in Live nets/m)
    expect((await say('Live from the nets', 'r-2')).status).toBe(201)
    await c.stdout.until(/[AP]M chat_ravi: Live from the nets\n/)

    c.stdin.write('Coming in 5\n')
    await c.stdout.until(/[AP]M chat_asha: Coming in 5\n/)
    const history = await world.api.get(`/api/groups/${uuid}/messages`, ravi.token)
    const sent = (history.body.messages as Array<Record<string, any>>).at(-1)
    expect(sent).toMatchObject({ message: 'Coming in 5', user: { slug: asha.slug } })
    expect(sent?.identifier_key).toMatch(/^cli-[0-9a-f-]{36}$/)

    // A blank line sends nothing; a refused line (too long) is reported and makes the exit 1.
    c.stdin.write('   \n')
    c.stdin.write(`${'x'.repeat(2001)}\n`)
    c.stdin.end()
    expect(await c.exit).toBe(1)
    expect(c.stderr.text).toContain('not sent (')
    expect(c.stderr.text).toContain('1 message was not sent')
    // Each message printed once, in order.
    const lines = c.stdout.text.trimEnd().split('\n')
    expect(lines.map((l) => l.replace(/^\d{1,2}:\d{2} [AP]M /, ''))).toEqual([
      'chat_ravi: Earlier today',
      'chat_ravi: Live from the nets',
      'chat_asha: Coming in 5',
    ])
    const after = await world.api.get(`/api/groups/${uuid}/messages`, ravi.token)
    expect(after.body.messages).toHaveLength(3)
    const mine = await world.api.get(`/api/groups/${uuid}`, asha.token)
    expect(mine.body.group.unread_message_count).toBe(0)
  })

  it('chat --json prints a JSON line per message, and a piped line is sent before it ends', async () => {
    const asha = await world.api.player('json_asha')
    const env = await otherHome(asha)
    const made = await world.api.post('/api/groups', { name: 'Solo' }, asha.token)
    const uuid = made.body.group.group_uuid_id as string
    const c = chat([uuid, '--json'], env)
    c.stdin.end('hello there\n')
    expect(await c.exit).toBe(0)
    const [line, ...rest] = c.stdout.text.trimEnd().split('\n')
    expect(rest).toEqual([])
    expect(JSON.parse(line as string)).toMatchObject({
      group_uuid_id: uuid,
      message: 'hello there',
      user: { slug: asha.slug },
    })
  })

  it('chat exits 1 saying so when the member is removed while chatting', async () => {
    const asha = await world.api.player('rm_asha')
    const ravi = await world.api.player('rm_ravi')
    const made = await world.api.post(
      '/api/groups',
      { name: 'Strict nets', member_slugs: [ravi.slug] },
      asha.token,
    )
    const uuid = made.body.group.group_uuid_id as string
    const env = await otherHome(ravi)
    const c = chat([uuid], env)
    await c.stderr.until(/^Chatting in Strict nets/m)
    const removed = await world.api.call('DELETE', `/api/groups/${uuid}/members/${ravi.slug}`, {
      token: asha.token,
    })
    expect(removed.status).toBe(200)
    // stdin stays open: it is the removal that ends the chat.
    expect(await c.exit).toBe(1)
    expect(c.stderr.text).toContain('You were removed from Strict nets')

    // A chat of a group you are not in is refused before anything else.
    const again = chat([uuid], env)
    expect(await again.exit).toBe(1)
    expect(again.stderr.text).toContain('404')
  })
})
