import fs from 'node:fs'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { client } from '../../helpers/http'
import { seedLeague } from '../../helpers/league'
import { type CliWorld, cliWorld, exits, runCli, tempDir } from '../helpers'

/** `fanspole export auction|contest|class` (docs/classroom.md, "Exports"). */
let world: CliWorld
let tmp: ReturnType<typeof tempDir>
beforeEach(async () => {
  world = await cliWorld()
  tmp = tempDir()
  await seedLeague(world.server.deps)
})
afterEach(async () => {
  tmp.remove()
  await world.close()
})

const HEADER =
  'kind,at,at_ms,auction_id,contest_id,user_id,username,franchise,player_id,player,amount,unit\r\n'

async function aClass() {
  const r = await runCli(['class', 'create', '--students', '2', '--json'], world.env)
  expect(r.code, r.stderr).toBe(0)
  return r.json()
}

describe('fanspole export', () => {
  it('writes the header row alone for a class nobody has played in', async () => {
    const c = await aClass()
    const r = await runCli(['export', 'class', String(c.classroom.id), '--csv'], world.env)
    expect(r.code, r.stderr).toBe(0)
    expect(r.stdout).toBe(HEADER)
  })

  it('writes a student’s bid with who, when and how much, to --out', async () => {
    const c = await aClass()
    const student = c.students[0]
    const api = client(world.server.deps)
    const token = (await api.login(student.username, student.password)).access_token as string
    expect((await runCli(['auction', 'start', String(c.auction.id)], world.env)).code).toBe(0)
    const lot = (await api.get(`/api/auctions/${c.auction.id}/bidding_player`, token)).body
    const bid = await api.post(
      `/api/auctions/${c.auction.id}/bid_player`,
      { player_id: lot.bidding_player.id, bid_amount: lot.next_bid_amount },
      token,
    )
    expect(bid.status).toBe(200)
    const out = path.join(tmp.dir, 'class.csv')
    const r = await runCli(['export', 'class', String(c.classroom.id), '--csv', '--out', out], world.env)
    expect(r.code, r.stderr).toBe(0)
    expect(r.stdout).toMatch(/^Wrote 1 row of class \d+ to /)
    const lines = fs.readFileSync(out, 'utf8').split('\r\n')
    expect(lines[0]).toBe(HEADER.trimEnd())
    expect(lines[1]).toMatch(
      new RegExp(
        `^bid,\\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z,\\d+,${c.auction.id},,${student.id},${student.username},${student.username} XI,${lot.bidding_player.id},[^,]+,${lot.next_bid_amount},coins$`,
      ),
    )
    const j = await runCli(['export', 'auction', String(c.auction.id), '--json'], world.env)
    expect(j.code, j.stderr).toBe(0)
    expect(j.json().rows.some((row: { user_id: number }) => row.user_id === student.id)).toBe(true)
  })

  it('says an export the caller may not see is not found (exit 1), and a bad id or kind is exit 2', async () => {
    exits(
      await runCli(['export', 'contest', '999999', '--csv'], world.env),
      1,
      '404 NOT_FOUND: Contest not found',
    )
    exits(
      await runCli(['export', 'class', 'x', '--csv'], world.env),
      2,
      'class id: expected a positive whole number',
    )
    const r = await runCli(['export', 'team', '1', '--csv'], world.env)
    expect(r.code).toBe(2)
  })
})
