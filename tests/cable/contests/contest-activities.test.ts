import { describe, expect, it } from 'vitest'
import { cableServer, cableUrl, jsonCaller, rawCable, savedTeam, signedInUser } from '../../helpers/cable'
import { upcomingMatch } from '../../helpers/league'

/** Players' contests on the ContestChannel (docs/channels.md): activities live, privacy enforced. */
const ctx = cableServer({ league: true, admin: true })

const call = jsonCaller(() => ctx.server, { web: true })

const teamOf = (p: { token: string }, matchId: number, salt: string) =>
  savedTeam(ctx.server, p.token, matchId, salt)

describe('ContestChannel and players’ contests', () => {
  it('rejects outsiders of a private contest, takes the code, and streams activities live', async () => {
    const match = await upcomingMatch(ctx.server.deps)
    const owner = await signedInUser(ctx.server)
    const made = await call('POST', '/api/contests', owner.token, {
      game: 'single-match',
      match_id: match.id,
      name: 'Live Friends',
      entry_fee: 0,
      members_limit: 5,
      team_id: await teamOf(owner, match.id, 'o'),
    })
    expect(made.status).toBe(201)
    const contest = made.body.contest
    const friend = await signedInUser(ctx.server)
    const plain = JSON.stringify({ channel: 'ContestChannel', contest_id: contest.id })
    const outsider = await rawCable(cableUrl(ctx.server, `?access_token=${friend.token}`))
    await outsider.take((f) => f.type === 'welcome')
    outsider.subscribe(plain)
    await outsider.take((f) => f.type === 'reject_subscription' && f.identifier === plain)
    const withCode = JSON.stringify({
      channel: 'ContestChannel',
      contest_id: contest.id,
      invite_code: contest.invite_code,
    })
    outsider.subscribe(withCode)
    await outsider.take((f) => f.type === 'confirm_subscription' && f.identifier === withCode)
    const joined = await call('POST', `/api/contests/${contest.id}/join`, friend.token, {
      team_id: await teamOf(friend, match.id, 'f'),
      invite_code: contest.invite_code,
    })
    expect(joined.status).toBe(200)
    const frame = await outsider.take((f) => f.identifier === withCode && f.message?.type === 'activity')
    expect(frame.message.activity).toMatchObject({ kind: 'joined', user: { username: friend.username } })
    await outsider.close()
    expect(ctx.admin.id).toBeGreaterThan(0)
  })

  it('sends a contest’s like count to whoever has it open, though nobody ever posted on it', async () => {
    const match = await upcomingMatch(ctx.server.deps)
    const owner = await signedInUser(ctx.server)
    const made = await call('POST', '/api/contests', owner.token, {
      game: 'single-match',
      match_id: match.id,
      name: 'Liked Live',
      entry_fee: 0,
      members_limit: 5,
      team_id: await teamOf(owner, match.id, 'l'),
    })
    const contest = made.body.contest
    const id = JSON.stringify({ channel: 'ContestChannel', contest_id: contest.id })
    const watcher = await rawCable(cableUrl(ctx.server, `?access_token=${owner.token}`))
    await watcher.take((f) => f.type === 'welcome')
    watcher.subscribe(id)
    await watcher.take((f) => f.type === 'confirm_subscription' && f.identifier === id)
    expect((await call('POST', `/api/contests/${contest.id}/like`, ctx.admin.token)).status).toBe(200)
    const liked = await watcher.take((f) => f.identifier === id && f.message?.type === 'likes')
    expect(liked.message).toMatchObject({ type: 'likes', likes_count: 1 })
    // A second like changes nothing and sends nothing; the unlike sends the new count.
    await call('POST', `/api/contests/${contest.id}/like`, ctx.admin.token)
    await call('POST', `/api/contests/${contest.id}/unlike`, ctx.admin.token)
    const next = await watcher.take((f) => f.identifier === id && f.message?.type === 'likes')
    expect(next.message).toMatchObject({ likes_count: 0, seq: liked.message.seq + 1 })
    await watcher.close()
  })
})
