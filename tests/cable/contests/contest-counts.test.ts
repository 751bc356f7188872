import { describe, expect, it } from 'vitest'
import { cableServer, cableUrl, jsonCaller, rawCable, savedTeam, signedInUser } from '../../helpers/cable'
import { upcomingMatch } from '../../helpers/league'

/**
 * Contest cards follow joins and removals (docs/channels.md, ContestChannel `match_id`), and a
 * player's My Contests follows their own joins (`my_contests` on NotificationsChannel).
 */
const ctx = cableServer({ league: true, admin: true })

const call = jsonCaller(() => ctx.server, { web: true })

const teamOf = (p: { token: string }, matchId: number, salt: string) =>
  savedTeam(ctx.server, p.token, matchId, salt)

/** A player with ₹100 to spend (a public contest has an entry fee). */
async function player() {
  const p = await signedInUser(ctx.server)
  await call('POST', '/api/admin/wallet/credits', ctx.admin.token, {
    user_id: p.id,
    amount: 100,
    compartment: 'unused',
  })
  return p
}

async function ownContest(matchId: number, isPrivate: boolean, salt: string) {
  const owner = await player()
  // A public contest needs access: the admin grants it.
  if (!isPrivate)
    expect(
      (await call('POST', `/api/admin/users/${owner.id}/contest_access`, ctx.admin.token, { note: 'test' }))
        .status,
    ).toBeLessThan(300)
  const made = await call('POST', '/api/contests', owner.token, {
    game: 'single-match',
    match_id: matchId,
    name: `Counts ${salt}`,
    entry_fee: isPrivate ? 0 : 10,
    members_limit: 6,
    is_private: isPrivate,
    team_id: await teamOf(owner, matchId, `${salt}-owner`),
  })
  expect(made.status, JSON.stringify(made.body)).toBe(201)
  return { owner, contest: made.body.contest as { id: number; invite_code: string | null } }
}

async function watch(token: string, identifier: string) {
  const cable = await rawCable(cableUrl(ctx.server, `?access_token=${token}`))
  await cable.take((f) => f.type === 'welcome')
  cable.subscribe(identifier)
  const snapshot = await cable.take((f) => f.identifier === identifier && f.message?.type === 'snapshot')
  await cable.take((f) => f.type === 'confirm_subscription' && f.identifier === identifier)
  return { cable, snapshot: snapshot.message }
}

describe('ContestChannel match_id: the member counts of a match’s contests', () => {
  it('sends each join and each removal of a public contest, never a private one', async () => {
    const match = await upcomingMatch(ctx.server.deps)
    const hidden = await ownContest(match.id, true, 'private')
    const open = await ownContest(match.id, false, 'public')
    const stranger = await signedInUser(ctx.server)
    const id = JSON.stringify({ channel: 'ContestChannel', match_id: match.id })
    const { cable, snapshot } = await watch(stranger.token, id)
    expect(snapshot).toEqual({ type: 'snapshot', seq: expect.any(Number), match_id: match.id })

    // A join of the private contest first: nothing about it may reach the stranger.
    const friend = await player()
    const privateJoin = await call('POST', `/api/contests/${hidden.contest.id}/join`, friend.token, {
      team_id: await teamOf(friend, match.id, 'friend-private'),
      invite_code: hidden.contest.invite_code,
    })
    expect(privateJoin.status).toBe(200)
    const joined = await call('POST', `/api/contests/${open.contest.id}/join`, friend.token, {
      team_id: await teamOf(friend, match.id, 'friend-public'),
    })
    expect(joined.status).toBe(200)
    const counted = await cable.take((f) => f.identifier === id && f.message?.type === 'members')
    expect(counted.message).toEqual({
      type: 'members',
      seq: snapshot.seq + 1,
      contest_id: open.contest.id,
      members_count: 2,
    })

    // The owner removes the friend: the count goes back down.
    const member = await call('GET', `/api/contests/${open.contest.id}/members`, open.owner.token)
    const friendEntry = (member.body.members as Array<{ id: number; is_current_user: boolean }>).find(
      (m) => !m.is_current_user,
    )
    const removed = await call('POST', `/api/contests/${open.contest.id}/update_members`, open.owner.token, {
      remove_member_ids: [friendEntry?.id],
    })
    expect(removed.status, JSON.stringify(removed.body)).toBe(200)
    const down = await cable.take(
      (f) => f.identifier === id && f.message?.type === 'members' && f.message.members_count === 1,
    )
    expect(down.message).toMatchObject({ seq: snapshot.seq + 2, contest_id: open.contest.id })
    expect(cable.frames.some((f) => JSON.stringify(f).includes(`"contest_id":${hidden.contest.id}`))).toBe(
      false,
    )
    await cable.close()
  })

  it('rejects an unknown match and extra params', async () => {
    const p = await signedInUser(ctx.server)
    const cable = await rawCable(cableUrl(ctx.server, `?access_token=${p.token}`))
    await cable.take((f) => f.type === 'welcome')
    const match = await upcomingMatch(ctx.server.deps)
    for (const identifier of [
      JSON.stringify({ channel: 'ContestChannel', match_id: 987_654 }),
      JSON.stringify({ channel: 'ContestChannel', match_id: 'x' }),
      JSON.stringify({ channel: 'ContestChannel', match_id: match.id, user_id: 1 }),
    ]) {
      cable.subscribe(identifier)
      await cable.take((f) => f.type === 'reject_subscription' && f.identifier === identifier)
    }
    await cable.close()
  })
})

describe('NotificationsChannel my_contests', () => {
  it('tells every tab of a player that joined, wherever the join came from', async () => {
    const match = await upcomingMatch(ctx.server.deps)
    const open = await ownContest(match.id, false, 'mine')
    const joiner = await player()
    const id = JSON.stringify({ channel: 'NotificationsChannel' })
    const cable = await rawCable(cableUrl(ctx.server, `?access_token=${joiner.token}`))
    await cable.take((f) => f.type === 'welcome')
    cable.subscribe(id)
    await cable.take((f) => f.type === 'confirm_subscription' && f.identifier === id)
    const joined = await call('POST', `/api/contests/${open.contest.id}/join`, joiner.token, {
      team_id: await teamOf(joiner, match.id, 'mine-player'),
    })
    expect(joined.status).toBe(200)
    const frame = await cable.take((f) => f.identifier === id && f.message?.type === 'my_contests')
    expect(frame.message).toMatchObject({ type: 'my_contests', contest_id: open.contest.id })
    await cable.close()
  })
})
