import type { Actor, Kit, Recipe } from './kit'

/** Valid requests for accounts, groups, posts and comments, and gangs: no money in them, walked all the same. */

async function mailToken(k: Kit, to: string, subject: string) {
  const res = await k.api.get(`/api/admin/outbox?to=${encodeURIComponent(to)}`, k.admin.token)
  const mail = (res.body.messages as Array<{ subject: string; body: string }>).find(
    (m) => m.subject === subject,
  )
  const token = mail && /token: (\S+)/.exec(mail.body)?.[1]
  if (!token) throw new Error(`walk: no "${subject}" mail to ${to}`)
  return token
}

/** A group of a new owner with a second member; its uuid. */
async function group(k: Kit) {
  const owner = await k.player()
  const member = await k.player()
  const body = { name: `Walk group ${k.unique()}`, member_slugs: [member.slug] }
  const made = await k.ok('group', k.api.post('/api/groups', body, owner.token))
  return { owner, member, uuid: made.group.group_uuid_id as string }
}

const inGroup = (path: string, body?: (g: { member: Actor }) => unknown): Recipe => {
  return async (k) => {
    const g = await group(k)
    return { token: g.owner.token, path: `/api/groups/${g.uuid}${path}`, body: body ? body(g) : {} }
  }
}

async function ownPost(k: Kit) {
  const p = await k.player()
  const post = await k.ok('post', k.api.post('/api/posts', { content: 'Walk post' }, p.token))
  return { p, id: post.post.id as number }
}

async function ownComment(k: Kit) {
  const { p, id } = await ownPost(k)
  const made = await k.ok(
    'comment',
    k.api.post(`/api/posts/${id}/comments`, { content: 'Walk comment' }, p.token),
  )
  return { p, id: made.comment.id as number }
}

type GangKind = 'daily' | 'championship'
const gangBase = (k: Kit, kind: GangKind) =>
  kind === 'daily'
    ? `/api/series/${k.seriesId}/leagues`
    : `/api/championship/series_phases/${k.phaseId}/leagues`

/** A gang of a new manager with a second player either waiting (private) or in it (public). */
async function gang(k: Kit, kind: GangKind, other: 'waiting' | 'member') {
  const manager = await k.player()
  const body = { name: `Walk Gang ${k.unique()}`, is_public: other === 'member' }
  const made = (await k.ok('gang', k.api.post(gangBase(k, kind), body, manager.token))).gang
  const p = await k.player()
  const path = other === 'member' ? '/api/leagues/join' : '/api/leagues/join_request'
  await k.ok('gang join', k.api.post(path, { code: made.league_code }, p.token))
  return { manager, p, path: `${gangBase(k, kind)}/${made.id}` }
}

function gangRecipes(kind: GangKind): Record<string, Recipe> {
  const base =
    kind === 'daily'
      ? '/api/series/{series_id}/leagues/{id}'
      : '/api/championship/series_phases/{phase_id}/leagues/{id}'
  const decide =
    (decision: string): Recipe =>
    async (k) => {
      const g = await gang(k, kind, 'waiting')
      return { token: g.manager.token, path: `${g.path}/requests/${g.p.id}/${decision}` }
    }
  return {
    [`POST ${base}/requests/{user_id}/approve`]: decide('approve'),
    [`POST ${base}/requests/{user_id}/decline`]: decide('decline'),
    [`POST ${base}/leave`]: async (k) => {
      const g = await gang(k, kind, 'member')
      return { token: g.p.token, path: `${g.path}/leave` }
    },
    [`DELETE ${base}/members/{user_id}`]: async (k) => {
      const g = await gang(k, kind, 'member')
      return { token: g.manager.token, path: `${g.path}/members/${g.p.id}` }
    },
  }
}

export const socialRecipes: Record<string, Recipe> = {
  ...Object.fromEntries(
    ['/oauth/token', '/post_login'].map((path): [string, Recipe] => [
      `POST ${path}`,
      async (k) => {
        const p = await k.player()
        return { path, body: { grant_type: 'password', email: p.email, password: p.password } }
      },
    ]),
  ),
  'PUT /api/users/reset_password': async (k) => {
    const p = await k.player()
    await k.ok('forget', k.api.post('/api/users/forget_password', { email: p.email }))
    const token = await mailToken(k, p.email, 'Reset your Fanspole password')
    return { path: '/api/users/reset_password', body: { token, password: 'walk-password-2' } }
  },
  'POST /api/users/activation': async (k) => {
    const n = k.unique()
    const email = `invitee${n}@example.test`
    await k.ok('invite', k.api.post('/api/admin/users', { email, username: `invitee${n}` }, k.admin.token))
    const token = await mailToken(k, email, 'You are invited to Fanspole')
    return { path: '/api/users/activation', body: { token, password: 'walk-password-3' } }
  },
  'PUT /api/me': async (k) => ({
    token: (await k.player()).token,
    path: '/api/me',
    body: { full_name: 'Walk Er' },
  }),
  'POST /api/groups': async (k) => ({
    token: (await k.player()).token,
    path: '/api/groups',
    body: { name: 'Walk group' },
  }),
  'POST /api/groups/create_one_to_one': async (k) => ({
    token: (await k.player()).token,
    path: '/api/groups/create_one_to_one',
    body: { user_slug: (await k.player()).slug },
  }),
  'POST /api/groups/join': async (k) => {
    const g = await group(k)
    const share = await k.ok('share', k.api.post(`/api/groups/${g.uuid}/share`, {}, g.owner.token))
    return {
      token: (await k.player()).token,
      path: '/api/groups/join',
      body: { invite_code: share.invite_code },
    }
  },
  'PUT /api/groups/{uuid}': inGroup('', () => ({ name: 'Walk group 2' })),
  'POST /api/groups/{uuid}/members': async (k) => {
    const g = await group(k)
    const other = await k.player()
    return { token: g.owner.token, path: `/api/groups/${g.uuid}/members`, body: { user_slugs: [other.slug] } }
  },
  'DELETE /api/groups/{uuid}/members/{user_slug}': async (k) => {
    const g = await group(k)
    return { token: g.owner.token, path: `/api/groups/${g.uuid}/members/${g.member.slug}` }
  },
  'POST /api/groups/{uuid}/mute': inGroup('/mute'),
  'POST /api/groups/{uuid}/unmute': inGroup('/unmute'),
  'POST /api/groups/{uuid}/share': inGroup('/share'),
  'POST /api/groups/{uuid}/reset_invite': inGroup('/reset_invite'),
  'POST /api/groups/{uuid}/messages': inGroup('/messages', () => ({
    identifier_key: 'walk-1',
    message: 'Hello',
  })),
  'POST /api/groups/{uuid}/read': async (k) => {
    const g = await group(k)
    const body = { identifier_key: 'walk-2', message: 'Hello' }
    const sent = await k.ok('message', k.api.post(`/api/groups/${g.uuid}/messages`, body, g.owner.token))
    return {
      token: g.member.token,
      path: `/api/groups/${g.uuid}/read`,
      body: { message_id: sent.message.id },
    }
  },
  'PATCH /api/posts/{id}': async (k) => {
    const { p, id } = await ownPost(k)
    return { token: p.token, path: `/api/posts/${id}`, body: { content: 'Walk post, edited' } }
  },
  'DELETE /api/posts/{id}': async (k) => {
    const { p, id } = await ownPost(k)
    return { token: p.token, path: `/api/posts/${id}` }
  },
  'PATCH /api/comments/{id}': async (k) => {
    const { p, id } = await ownComment(k)
    return { token: p.token, path: `/api/comments/${id}`, body: { content: 'Walk comment, edited' } }
  },
  'DELETE /api/comments/{id}': async (k) => {
    const { p, id } = await ownComment(k)
    return { token: p.token, path: `/api/comments/${id}` }
  },
  ...gangRecipes('daily'),
  ...gangRecipes('championship'),
  'POST /api/leagues/join': async (k) => {
    const manager = await k.player()
    const made = await k.ok(
      'gang',
      k.api.post(gangBase(k, 'daily'), { name: `Walk Gang ${k.unique()}` }, manager.token),
    )
    return {
      token: (await k.player()).token,
      path: '/api/leagues/join',
      body: { code: made.gang.league_code },
    }
  },
  'POST /api/leagues/join_request': async (k) => {
    const manager = await k.player()
    const body = { name: `Walk Gang ${k.unique()}`, is_public: false }
    const made = await k.ok('gang', k.api.post(gangBase(k, 'daily'), body, manager.token))
    return {
      token: (await k.player()).token,
      path: '/api/leagues/join_request',
      body: { code: made.gang.league_code },
    }
  },
}
