import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rowsWhere } from '../../helpers/db'
import { makeUser } from '../../helpers/deps'
import { insertVerifiedAccount } from '../../helpers/esports-fixture'
import { type CliWorld, cliWorld, exits, ok, playerHomes, runCli } from '../helpers'

// Who may host esports rooms, from the terminal (docs/esports.md "Who may host"): the player
// reads what is met and missing and asks the admins; the admin grants and revokes paid hosting
// with `fanspole users grant-access|revoke-access` — the whole loop without the API.

let world: CliWorld
beforeAll(async () => {
  world = await cliWorld()
})
afterAll(() => world.close())
const signedInHome = playerHomes()

const admin = (...args: string[]) => runCli(args, world.env)

async function player() {
  const user = await makeUser(world.server.deps)
  return { user, cli: (await signedInHome(world.env, user)).cli }
}

const paidRoom = ['esports', 'contest', 'create', '--kind', 'pubg', '--mode', 'duo', '--name', 'Paid duos']
const paidFlags = ['--slots', '4', '--fee', '50', '--starts-in', '60']

describe('fanspole esports access and users grant-access', () => {
  it('a player reads what hosting needs, asks once a day; the admin grants and revokes paid hosting', async () => {
    const p = await player()
    await insertVerifiedAccount(world.server.deps.db, p.user.id, 'pubg', 40)

    const show = ok(await p.cli('esports', 'access', 'show'))
    expect(show.stdout).toContain('You may host free private rooms. Paid or public rooms need more:')
    expect(show.stdout).toMatch(/✓ Your PUBG game account is verified/)
    expect(show.stdout).toMatch(/✗ Verify your mobile number/)
    const json = ok(await p.cli('esports', 'access', 'show', '--kind', 'free-fire', '--json')).json()
    expect(json.esports_access).toMatchObject({ kind: 'free-fire', free_allowed: false, paid_allowed: false })
    expect((await p.cli('esports', 'access', 'show', '--kind', 'dota')).code).toBe(2)

    // A paid room is refused with the reason, and no hint about admin sign-in (it is the player's own command).
    const refused = await p.cli(...paidRoom, ...paidFlags)
    exits(refused, 1, '403 FORBIDDEN: You cannot host this contest yet')
    expect(refused.stderr).not.toContain('login --admin')

    const asked = ok(await p.cli('esports', 'access', 'request', '--message', 'I run our hostel scrims'))
    expect(asked.stdout).toContain('Asked the admins for pubg host access')
    const again = await p.cli('esports', 'access', 'request')
    exits(again, 1, '429')

    const granted = ok(await admin('users', 'grant-access', p.user.username, '--note', 'hostel league'))
    expect(granted.stdout).toContain(`Granted ${p.user.username} paid and public contest creation`)
    const grants = await world.server.deps.db
      .selectFrom('contest_access_grants')
      .select(['user_id', 'note'])
      .where('user_id', '=', p.user.id)
      .execute()
    expect(grants).toEqual([{ user_id: p.user.id, note: 'hostel league' }])
    expect(ok(await p.cli('esports', 'access', 'show')).stdout).toContain(
      'You may host paid and public rooms.',
    )
    const made = ok(await p.cli(...paidRoom, ...paidFlags, '--json')).json()
    expect(made.esports_contest).toMatchObject({ entry_fee: 50, is_private: false })

    const revoked = ok(await admin('users', 'revoke-access', p.user.email))
    expect(revoked.stdout).toContain(`Revoked ${p.user.username}’s contest creation grant`)
    const twice = await admin('users', 'revoke-access', p.user.email)
    exits(twice, 1, '404')
    expect((await admin('users', 'grant-access', 'nobody-here')).code).toBe(1)
    // A player cannot grant themselves.
    const self = await p.cli('users', 'grant-access', p.user.username)
    exits(self, 1, '403')
    expect(
      await rowsWhere(world.server.deps.db, 'contest_access_grants', { user_id: p.user.id }, 'user_id'),
    ).toEqual([])
  })
})
