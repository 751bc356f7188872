import { describe, expect, it } from 'vitest'
import { GAME_LEVEL_MAX } from '../../../server/domain/esports/rules'
import { race, statuses } from '../../helpers/concurrency'
import { apiWorld } from '../../helpers/world'

// Game accounts (docs/esports.md, "Game accounts"): one per player per game, character ids
// unique per game, an admin's review, search of verified accounts, and Me.

const ctx = apiWorld({ admin: true, per: 'file' })

let nextCharacter = 700_000_000
const characterId = () => String(nextCharacter++)
const account = (extra: Record<string, unknown> = {}) => ({
  slug: 'pubg',
  in_game_name: 'Sniper Asha',
  character_id: characterId(),
  game_level: 40,
  ...extra,
})

async function addAccount(token: string, extra: Record<string, unknown> = {}) {
  const res = await ctx.api.post('/api/game_accounts', account(extra), token)
  expect(res.status).toBe(201)
  return res.body.game_account as { id: number; character_id: string; status: string }
}

async function contestOf(kind: string, game: string, hostId: number, isPrivate = false) {
  const row = await ctx.world.deps.db
    .insertInto('esports_contests')
    .values({
      kind: kind as 'pubg',
      game: game as 'pubg',
      mode: 'squad',
      team_size: 4,
      name: `A ${kind} room`,
      description: null,
      map: null,
      host_id: hostId,
      prize_percents: '[]',
      slots: 10,
      is_private: isPrivate ? 1 : 0,
      invite_code: `INV${nextCharacter++}`,
      starts_at_ms: ctx.world.deps.clock.now() + 86_400_000,
      reveal_minutes: 15,
      status_reason: null,
      room_id: null,
      room_password: null,
      room_set_at_ms: null,
      revealed_at_ms: null,
      locked_at_ms: null,
      settled_at_ms: null,
      round_id: null,
      lobby_no: null,
      created_at_ms: ctx.world.deps.clock.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

describe('POST /api/game_accounts', () => {
  it('adds a pending account per game, trimmed, and a second one for a game is 409', async () => {
    const p = await ctx.api.player()
    const res = await ctx.api.post(
      '/api/game_accounts',
      account({ slug: 'free-fire', in_game_name: '  FF Queen  ', character_id: '12345678' }),
      p.token,
    )
    expect(res.status).toBe(201)
    expect(res.body.game_account).toMatchObject({
      slug: 'free-fire',
      game_name: 'Free Fire',
      in_game_name: 'FF Queen',
      character_id: '12345678',
      game_level: 40,
      status: 'pending',
      reject_reason: null,
    })
    expect(res.body.game_account.created_at_in_millis).toBe(ctx.world.deps.clock.now())
    const again = await ctx.api.post('/api/game_accounts', account({ slug: 'free-fire' }), p.token)
    expect(again.status).toBe(409)
    expect(again.body.code).toBe('CONFLICT')
    expect(again.body.error).toContain('Free Fire')
    await addAccount(p.token, { slug: 'pubg' })
    await addAccount(p.token, { slug: 'call-of-duty' })
    const mine = await ctx.api.get('/api/game_accounts', p.token)
    expect(mine.body.game_accounts.map((a: { slug: string }) => a.slug)).toEqual([
      'pubg',
      'free-fire',
      'call-of-duty',
    ])
  })

  // Every field of an account, as an answer names them all when each is wrong or missing.
  const EVERY_FIELD = ['character_id', 'game_level', 'in_game_name', 'slug']
  it('refuses bad fields with 422 naming them', async () => {
    const p = await ctx.api.player()
    const res = await ctx.api.post(
      '/api/game_accounts',
      { slug: 'fortnite', in_game_name: ' x ', character_id: '12ab', game_level: 101 },
      p.token,
    )
    expect(res.status).toBe(422)
    expect(Object.keys(res.body.errors).sort()).toEqual(EVERY_FIELD)
    for (const bad of [
      { character_id: '1234' },
      { character_id: '123456789012345678901' },
      { game_level: 0 },
      { game_level: 2.5 },
      { in_game_name: 'x'.repeat(25) },
    ]) {
      const r = await ctx.api.post('/api/game_accounts', account(bad), p.token)
      expect(r.status, JSON.stringify(bad)).toBe(422)
      expect(Object.keys(r.body.errors)).toEqual(Object.keys(bad))
    }
    const unknown = await ctx.api.post('/api/game_accounts', account({ status: 'verified' }), p.token)
    expect(unknown.status).toBe(422)
    const missing = await ctx.api.post('/api/game_accounts', {}, p.token)
    expect(missing.status).toBe(422)
    expect(Object.keys(missing.body.errors).sort()).toEqual(EVERY_FIELD)
    expect((await ctx.api.post('/api/game_accounts', account())).status).toBe(401)
  })

  it('refuses a character id another player uses for the same game, not for another game', async () => {
    const a = await ctx.api.player()
    const b = await ctx.api.player()
    const id = characterId()
    await addAccount(a.token, { character_id: id })
    const taken = await ctx.api.post('/api/game_accounts', account({ character_id: id }), b.token)
    expect(taken.status).toBe(422)
    expect(taken.body.errors).toEqual({ character_id: ['is already used by another account for this game'] })
    await addAccount(b.token, { slug: 'call-of-duty', character_id: id })
  })

  it('answers 422, never 500, when two players add one character id at once', async () => {
    const players = [await ctx.api.player(), await ctx.api.player(), await ctx.api.player()]
    const id = characterId()
    const answers = await race(3, (i) =>
      ctx.api.post('/api/game_accounts', account({ character_id: id }), players[i]?.token),
    )
    expect(statuses(answers)).toEqual({ 201: 1, 422: 2 })
    for (const a of answers.filter((x) => x.status === 422))
      expect(a.body.errors).toEqual({ character_id: ['is already used by another account for this game'] })
  })

  it('adds one account when one player adds the same game several times at once', async () => {
    const p = await ctx.api.player()
    const answers = await race(3, () => ctx.api.post('/api/game_accounts', account(), p.token))
    expect(statuses(answers)).toEqual({ 201: 1, 409: 2 })
  })
})

describe('PUT /api/game_accounts/{id}', () => {
  it('edits my account; another player’s is 404', async () => {
    const p = await ctx.api.player()
    const other = await ctx.api.player()
    const acc = await addAccount(p.token)
    const res = await ctx.api.put(
      `/api/game_accounts/${acc.id}`,
      { in_game_name: 'New Name', game_level: 55 },
      p.token,
    )
    expect(res.status).toBe(200)
    expect(res.body.game_account).toMatchObject({
      in_game_name: 'New Name',
      game_level: 55,
      status: 'pending',
    })
    expect((await ctx.api.put(`/api/game_accounts/${acc.id}`, { game_level: 3 }, other.token)).status).toBe(
      404,
    )
    expect((await ctx.api.put('/api/game_accounts/999999', { game_level: 3 }, p.token)).status).toBe(404)
    const bad = await ctx.api.put(
      `/api/game_accounts/${acc.id}`,
      { slug: 'free-fire', game_level: 'x' },
      p.token,
    )
    expect(bad.status).toBe(422)
    expect(bad.body.errors.game_level).toEqual([`must be a whole number from 1 to ${GAME_LEVEL_MAX}`])
    // A form's digits are a level too (the document says both)
    const typed = await ctx.api.put(`/api/game_accounts/${acc.id}`, { game_level: ' 56 ' }, p.token)
    expect(typed.status).toBe(200)
    expect(typed.body.game_account.game_level).toBe(56)
    const taken = await addAccount(other.token)
    const clash = await ctx.api.put(
      `/api/game_accounts/${acc.id}`,
      { character_id: taken.character_id },
      p.token,
    )
    expect(clash.status).toBe(422)
    expect(Object.keys(clash.body.errors)).toEqual(['character_id'])
  })

  it('keeps a verified account verified on a new name, back to pending on a new id or level', async () => {
    const p = await ctx.api.player()
    const acc = await addAccount(p.token)
    expect(
      (await ctx.api.post(`/api/admin/game_accounts/${acc.id}/verify`, {}, ctx.admin.token)).status,
    ).toBe(200)
    const renamed = await ctx.api.put(`/api/game_accounts/${acc.id}`, { in_game_name: 'Renamed' }, p.token)
    expect(renamed.body.game_account.status).toBe('verified')
    const same = await ctx.api.put(`/api/game_accounts/${acc.id}`, { game_level: 40 }, p.token)
    expect(same.body.game_account.status).toBe('verified')
    const levelled = await ctx.api.put(`/api/game_accounts/${acc.id}`, { game_level: 41 }, p.token)
    expect(levelled.body.game_account.status).toBe('pending')
  })

  it('puts a rejected account back to pending on any change, clearing the reason', async () => {
    const p = await ctx.api.player()
    const acc = await addAccount(p.token)
    const rejected = await ctx.api.post(
      `/api/admin/game_accounts/${acc.id}/reject`,
      { reason: 'The id is not yours' },
      ctx.admin.token,
    )
    expect(rejected.body.game_account).toMatchObject({
      status: 'rejected',
      reject_reason: 'The id is not yours',
    })
    const res = await ctx.api.put(`/api/game_accounts/${acc.id}`, { in_game_name: 'Honest Name' }, p.token)
    expect(res.body.game_account).toMatchObject({ status: 'pending', reject_reason: null })
  })
})

describe('GET /api/game_accounts?contest_id=', () => {
  it('answers only the account for the contest’s game; PUBG Lite uses the PUBG account', async () => {
    const p = await ctx.api.player()
    const host = await ctx.api.player()
    await addAccount(p.token, { slug: 'pubg' })
    await addAccount(p.token, { slug: 'free-fire' })
    const lite = await contestOf('pubg-lite', 'pubg', host.id)
    const ff = await contestOf('free-fire', 'free-fire', host.id)
    const cod = await contestOf('call-of-duty', 'call-of-duty', host.id)
    const mine = async (id: number) =>
      (await ctx.api.get(`/api/game_accounts?contest_id=${id}`, p.token)).body.game_accounts.map(
        (a: { slug: string }) => a.slug,
      )
    expect(await mine(lite)).toEqual(['pubg'])
    expect(await mine(ff)).toEqual(['free-fire'])
    expect(await mine(cod)).toEqual([])
    const hidden = await contestOf('pubg', 'pubg', host.id, true)
    expect((await ctx.api.get(`/api/game_accounts?contest_id=${hidden}`, p.token)).status).toBe(404)
    expect((await ctx.api.get('/api/game_accounts?contest_id=1999999', p.token)).status).toBe(404)
    expect((await ctx.api.get('/api/game_accounts?contest_id=abc', p.token)).status).toBe(422)
  })
})

describe('search', () => {
  it('finds verified accounts by in-game name or username, any case, without character ids', async () => {
    const verified = await ctx.api.player('zed_searchable')
    const pending = await ctx.api.player('zed_pending_one')
    const v = await addAccount(verified.token, { in_game_name: 'ZedKiller' })
    await addAccount(pending.token, { in_game_name: 'ZedKillerToo' })
    await ctx.api.post(`/api/admin/game_accounts/${v.id}/verify`, {}, ctx.admin.token)
    const viewer = await ctx.api.player()
    const byName = await ctx.api.get('/api/game_accounts/search?slug=pubg&search=zedkill', viewer.token)
    expect(byName.status).toBe(200)
    expect(byName.body.game_accounts).toEqual([
      {
        id: v.id,
        slug: 'pubg',
        game_name: 'PUBG',
        in_game_name: 'ZedKiller',
        game_level: 40,
        status: 'verified',
        user: { id: verified.id, slug: expect.any(String), username: 'zed_searchable' },
      },
    ])
    expect(byName.body.meta).toMatchObject({ total: 1, page: 1 })
    const byUser = await ctx.api.get('/api/game_accounts/search?search=ZED_SEARCH', viewer.token)
    expect(byUser.body.game_accounts.map((a: { id: number }) => a.id)).toEqual([v.id])
    const otherGame = await ctx.api.get('/api/game_accounts/search?slug=free-fire&search=zed', viewer.token)
    expect(otherGame.body.game_accounts).toEqual([])
    const literal = await ctx.api.get('/api/game_accounts/search?search=%25', viewer.token)
    expect(literal.body.game_accounts).toEqual([])
    expect((await ctx.api.get('/api/game_accounts/search?slug=chess', viewer.token)).status).toBe(422)
    expect((await ctx.api.get('/api/game_accounts/search?per_page=51', viewer.token)).status).toBe(422)
    expect((await ctx.api.get('/api/game_accounts/search')).status).toBe(401)
  })
})

describe('admin review', () => {
  it('is admin only', async () => {
    const p = await ctx.api.player()
    const acc = await addAccount(p.token)
    expect((await ctx.api.get('/api/admin/game_accounts', p.token)).status).toBe(403)
    expect((await ctx.api.post(`/api/admin/game_accounts/${acc.id}/verify`, {}, p.token)).status).toBe(403)
    expect(
      (await ctx.api.post(`/api/admin/game_accounts/${acc.id}/reject`, { reason: 'nope' }, p.token)).status,
    ).toBe(403)
  })

  it('lists the pending queue oldest first, and other statuses', async () => {
    const p = await ctx.api.player()
    const first = await addAccount(p.token, { slug: 'pubg' })
    const second = await addAccount(p.token, { slug: 'free-fire' })
    const res = await ctx.api.get('/api/admin/game_accounts?per_page=200', ctx.admin.token)
    expect(res.status).toBe(200)
    const ids = res.body.game_accounts.map((a: { id: number }) => a.id)
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id))
    expect(res.body.game_accounts.every((a: { status: string }) => a.status === 'pending')).toBe(true)
    const row = res.body.game_accounts.find((a: { id: number }) => a.id === first.id)
    expect(row).toMatchObject({ user: { id: p.id, username: p.username }, reviewed_by: null })
    await ctx.api.post(`/api/admin/game_accounts/${first.id}/verify`, {}, ctx.admin.token)
    const verified = await ctx.api.get('/api/admin/game_accounts?status=verified', ctx.admin.token)
    expect(verified.body.game_accounts[0]).toMatchObject({ id: first.id, reviewed_by: { id: ctx.admin.id } })
    expect((await ctx.api.get('/api/admin/game_accounts?status=banned', ctx.admin.token)).status).toBe(422)
  })

  it('verifies once (then 409), rejects with a reason, and notifies the owner', async () => {
    const p = await ctx.api.player()
    const acc = await addAccount(p.token, { in_game_name: 'NotifyMe' })
    const ok = await ctx.api.post(`/api/admin/game_accounts/${acc.id}/verify`, {}, ctx.admin.token)
    expect(ok.status).toBe(200)
    expect(ok.body.game_account).toMatchObject({
      id: acc.id,
      status: 'verified',
      reviewed_by: { id: ctx.admin.id },
    })
    const twice = await ctx.api.post(`/api/admin/game_accounts/${acc.id}/verify`, {}, ctx.admin.token)
    expect(twice.status).toBe(409)
    expect(
      (await ctx.api.post(`/api/admin/game_accounts/${acc.id}/reject`, { reason: 'late' }, ctx.admin.token))
        .status,
    ).toBe(409)
    expect((await ctx.api.post('/api/admin/game_accounts/999999/verify', {}, ctx.admin.token)).status).toBe(
      404,
    )

    const ff = await addAccount(p.token, { slug: 'free-fire' })
    for (const reason of ['no', 'x'.repeat(301)]) {
      const bad = await ctx.api.post(`/api/admin/game_accounts/${ff.id}/reject`, { reason }, ctx.admin.token)
      expect(bad.status).toBe(422)
      expect(Object.keys(bad.body.errors)).toEqual(['reason'])
    }
    const rejected = await ctx.api.post(
      `/api/admin/game_accounts/${ff.id}/reject`,
      { reason: 'Screenshot shows another id' },
      ctx.admin.token,
    )
    expect(rejected.status).toBe(200)

    const notes = await ctx.api.get('/api/notifications', p.token)
    const kinds = notes.body.notifications.map((n: { kind: string }) => n.kind)
    expect(kinds).toEqual(expect.arrayContaining(['game_account_verified', 'game_account_rejected']))
    const verifiedNote = notes.body.notifications.find(
      (n: { kind: string }) => n.kind === 'game_account_verified',
    )
    expect(verifiedNote.body).toContain('PUBG account NotifyMe is verified')
    expect(verifiedNote.data).toMatchObject({ game_account_id: acc.id, path: '/profile/settings' })
    const rejectedNote = notes.body.notifications.find(
      (n: { kind: string }) => n.kind === 'game_account_rejected',
    )
    expect(rejectedNote.body).toContain('Screenshot shows another id')
  })
})

describe('GET /api/me', () => {
  it('carries my game accounts', async () => {
    const p = await ctx.api.player()
    expect((await ctx.api.get('/api/me', p.token)).body.user.game_accounts).toEqual([])
    const acc = await addAccount(p.token, { slug: 'call-of-duty' })
    const me = await ctx.api.get('/api/me', p.token)
    expect(me.body.user.game_accounts).toEqual([
      expect.objectContaining({
        id: acc.id,
        slug: 'call-of-duty',
        game_name: 'Call of Duty',
        status: 'pending',
      }),
    ])
  })
})
