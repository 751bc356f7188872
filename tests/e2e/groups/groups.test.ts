import type { BrowserContext, Page, Route } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type E2eWorld, secondBrowser, startE2eWorld } from '../browser'
import { apiClient, signInBrowser } from '../league'

/**
 * Groups end to end, in two Chromium browsers: Asha creates a group and shares its
 * invite, Ravi joins by the link; they chat live, Asha's own message first showing
 * "Sending..." (her POST is held on its way) and then its sent time; Ravi mutes it; Asha
 * removes Ravi, whose open chat says at once that he lost access and who can no longer read
 * it. Then a send that fails shows Retry, and the retry — with the same identifier_key —
 * is stored once; a send whose answer is lost but which the server stored shows once.
 */
const asha = { email: 'asha.chat@example.test', username: 'asha_chat', password: 'helicopter-7-asha' }
const ravi = { email: 'ravi.chat@example.test', username: 'ravi_chat', password: 'helicopter-7-ravi' }
type Player = typeof asha & { slug: string; token: string; refresh: string }
type Message = { message: string; identifier_key: string; user: { slug: string } }

let world: E2eWorld
let api: ReturnType<typeof apiClient>
let a: Page
let b: Page
let bBrowser: BrowserContext
const players: Record<string, Player> = {}
const p = (u: { username: string }) => players[u.username] as Player
let uuid = ''
let inviteCode = ''

async function signIn(browser: BrowserContext, u: Player) {
  await browser.clearCookies()
  await signInBrowser(browser, world.server.url, { access_token: u.token, refresh_token: u.refresh })
}

async function shotBoth(page: Page, name: string) {
  const before = page.viewportSize() ?? { width: 412, height: 860 }
  for (const width of [412, 1280]) {
    await page.setViewportSize({ width, height: 860 })
    await page.waitForTimeout(50)
    await page.screenshot({ path: `/tmp/fanspole-shots/groups-${name}-${width}.png` })
  }
  await page.setViewportSize(before)
}

/** The chat's rows whose text is `text` (pending or sent). */
const rows = (page: Page, text: string) =>
  page
    .getByTestId('chat-message')
    .filter({ has: page.getByTestId('message-text').getByText(text, { exact: true }) })

/** Holds POSTs of messages until released; records each one's body. */
async function holdSends(page: Page) {
  let release: () => void = () => {}
  const gate = new Promise<void>((resolve) => {
    release = resolve
  })
  const bodies: Array<{ identifier_key: string; message: string }> = []
  const handler = async (route: Route) => {
    if (route.request().method() !== 'POST') return route.continue()
    bodies.push(route.request().postDataJSON())
    await gate
    await route.continue()
  }
  await page.route('**/api/groups/*/messages', handler)
  return {
    bodies,
    /** Lets the held sends go and waits for the answer; the route is removed once it is handled. */
    async release() {
      const answered = page.waitForResponse(
        (r) => r.request().method() === 'POST' && new URL(r.url()).pathname.endsWith('/messages'),
      )
      release()
      await answered
      await page.unroute('**/api/groups/*/messages', handler)
    },
  }
}

async function stored(group: string, text: string) {
  const page = await api.get<{ messages: Message[] }>(
    `/api/groups/${group}/messages?per_page=100`,
    p(asha).token,
  )
  expect(page.status).toBe(200)
  return page.body.messages.filter((m) => m.message === text)
}

beforeAll(async () => {
  world = await startE2eWorld()
  api = apiClient(world)
  for (const u of [asha, ravi]) {
    const tokens = await api.signUp(u)
    const me = (await api.get<{ user: { slug: string } }>('/api/me', tokens.access_token)).body.user
    players[u.username] = { ...u, slug: me.slug, token: tokens.access_token, refresh: tokens.refresh_token }
  }
  a = world.page
  await a.setViewportSize({ width: 412, height: 860 })
  await signIn(world.browser, p(asha))
  const second = await secondBrowser(world, 'ravi')
  bBrowser = second.browser
  b = second.page
  await signIn(bBrowser, p(ravi))
  for (const page of [a, b]) {
    await page.emulateMedia({ reducedMotion: 'reduce' })
    page.on('dialog', (dialog) => void dialog.accept())
  }
}, 120_000)
afterAll(async () => {
  await bBrowser?.close()
  await world?.close()
})

describe('two players chat in a group, in two browsers', () => {
  it('A creates a group (name, picture, description, public)', async () => {
    await a.goto('/groups')
    await a.getByText('No conversations yet').waitFor()
    await shotBoth(a, 'list-empty')
    await a.getByTestId('new-group-link').click()
    await a.getByTestId('group-name').fill('Sunday league')
    await a.getByTestId('group-description').fill('Cricket talk for the weekend')
    await a.getByTestId('avatar-3').click()
    await a.getByTestId('group-public').check()
    await shotBoth(a, 'new')
    await a.getByTestId('create-group').click()
    await a.waitForURL(/\/groups\/[0-9a-f-]{36}$/)
    uuid = new URL(a.url()).pathname.split('/').pop() as string
    await a.getByTestId('chat-title').getByText('Sunday league').waitFor()
    expect(await a.locator('[data-testid="chat-page"] header img').getAttribute('src')).toBe(
      '/media/avatars/3.svg',
    )
  })

  it('A shares the invite and B joins by the link', async () => {
    await a.goto(`/groups/${uuid}/details`)
    await a.getByTestId('share-group').click()
    const url = await a.getByTestId('share-url').inputValue()
    const code = await a.getByTestId('share-code').innerText()
    inviteCode = code
    expect(url).toMatch(new RegExp(`/groups/invite/${code}$`))
    await shotBoth(a, 'details')
    await b.goto(new URL(url).pathname)
    expect(await b.getByTestId('invite-code').innerText()).toBe(code)
    await shotBoth(b, 'invite')
    await b.getByTestId('join-by-invite').click()
    await b.waitForURL(`**/groups/${uuid}`)
    await b.getByTestId('chat-title').getByText('Sunday league').waitFor()
  })

  it('they chat live: A sees "Sending..." until the echo, then the sent time; B gets it without reload', async () => {
    await a.goto(`/groups/${uuid}`)
    await a.locator('[data-testid="chat-page"][data-live]').waitFor()
    await b.locator('[data-testid="chat-page"][data-live]').waitFor()
    const held = await holdSends(a)
    await a.getByTestId('chat-input').fill('Who is your captain tonight?')
    await a.getByTestId('chat-input').press('Enter')
    const mine = rows(a, 'Who is your captain tonight?')
    await expect.poll(() => mine.getAttribute('data-state'), { timeout: 10_000 }).toBe('sending')
    expect(await mine.getByTestId('message-time').innerText()).toBe('Sending...')
    await expect.poll(() => held.bodies.length, { timeout: 10_000 }).toBe(1)
    // Still held in A's browser: nothing reached the server, so B has nothing yet.
    expect(await rows(b, 'Who is your captain tonight?').count()).toBe(0)
    await shotBoth(a, 'chat-sending')
    await held.release()
    await expect.poll(() => mine.getAttribute('data-state'), { timeout: 10_000 }).toBe('sent')
    expect(await mine.getByTestId('message-time').innerText()).toMatch(/^\d{2}:\d{2}$/)
    expect(await mine.getAttribute('data-key')).toBe(held.bodies[0]?.identifier_key)
    await rows(b, 'Who is your captain tonight?').waitFor()
    // The POST's answer and the broadcast are one message: one row each side.
    expect(await rows(a, 'Who is your captain tonight?').count()).toBe(1)
    expect(await rows(b, 'Who is your captain tonight?').count()).toBe(1)

    await b.getByTestId('chat-input').fill('Kohli, obviously.\nYou?')
    await b.getByTestId('chat-send').click()
    await rows(a, 'Kohli, obviously.\nYou?').waitFor()
    await expect
      .poll(() => rows(b, 'Kohli, obviously.\nYou?').getAttribute('data-state'), { timeout: 10_000 })
      .toBe('sent')
    expect(await rows(b, 'Kohli, obviously.\nYou?').count()).toBe(1)
    await shotBoth(b, 'chat')
  })

  it('unread counts rise while B is away and drop once B has read the chat', async () => {
    await b.goto('/groups')
    await b.getByTestId('group-row').waitFor()
    await a.getByTestId('chat-input').fill('Toss in five minutes')
    await a.getByTestId('chat-input').press('Enter')
    await expect
      .poll(() => rows(a, 'Toss in five minutes').getAttribute('data-state'), { timeout: 10_000 })
      .toBe('sent')
    await b.reload()
    expect(await b.getByTestId('unread-badge').innerText()).toBe('1')
    await shotBoth(b, 'list')
    await b.getByTestId('group-row').click()
    await rows(b, 'Toss in five minutes').waitFor()
    await b.getByTestId('chat-details-link').waitFor()
    await expect
      .poll(async () => {
        const list = await api.get<{ groups: Array<{ unread_message_count: number }> }>(
          '/api/groups',
          p(ravi).token,
        )
        return list.body.groups[0]?.unread_message_count
      })
      .toBe(0)
  })

  it('B mutes the group: the details and the list say so', async () => {
    await b.goto(`/groups/${uuid}/details`)
    await b.getByTestId('mute-toggle').click()
    await expect.poll(() => b.getByTestId('mute-state').innerText(), { timeout: 10_000 }).toMatch(/^Muted/)
    expect(await b.getByTestId('mute-toggle').innerText()).toMatch(/unmute/i)
    await b.goto('/groups')
    await b.getByTestId('muted-mark').waitFor()
    await b.goto(`/groups/${uuid}`)
    await b.getByTestId('chat-title').waitFor()
    expect(await b.getByTestId('chat-page').innerText()).toContain('Muted')
  })

  it('A removes B: B’s open chat shows lost access at once, and B can no longer read it', async () => {
    await b.locator('[data-testid="chat-page"][data-live]').waitFor()
    await a.goto(`/groups/${uuid}/details`)
    const row = a.locator(`[data-testid="member-row"][data-slug="${p(ravi).slug}"]`)
    await row.waitFor()
    expect(await a.locator(`[data-testid="member-row"][data-slug="${p(asha).slug}"]`).innerText()).toContain(
      'Creator',
    )
    await row.getByTestId('remove-member').click()
    await row.waitFor({ state: 'detached' })
    // No reload on B's side: the channel's `removed` frame did it.
    await b.getByTestId('chat-lost-access').getByText('You are no longer in this conversation').waitFor()
    expect(await b.getByTestId('chat-composer').count()).toBe(0)
    expect(await b.getByTestId('chat-message').count()).toBe(0)
    await shotBoth(b, 'lost-access')
    // A message sent now never reaches B, and B's reload is refused too.
    await a.goto(`/groups/${uuid}`)
    await a.getByTestId('chat-input').fill('Ravi is out')
    await a.getByTestId('chat-input').press('Enter')
    await expect
      .poll(() => rows(a, 'Ravi is out').getAttribute('data-state'), { timeout: 10_000 })
      .toBe('sent')
    await b.reload()
    await b.getByTestId('chat-lost-access').waitFor()
    expect(await b.getByText('Ravi is out').count()).toBe(0)
    expect(
      (await api.get(`/api/groups/${uuid}/messages`, p(ravi).token)).status,
      'B reads the messages',
    ).toBe(404)
    // B still has the link: it does not bring back someone an admin removed.
    await b.goto(`/groups/invite/${inviteCode}`)
    await b.getByTestId('join-by-invite').click()
    await b.getByText('only an admin can add you back').waitFor()
    expect((await api.get(`/api/groups/${uuid}`, p(ravi).token)).status).toBe(404)
  })

  it('A makes a new invite link: the old one no longer works, the new one does', async () => {
    await a.goto(`/groups/${uuid}/details`)
    await a.getByTestId('share-group').click()
    expect(await a.getByTestId('share-code').innerText()).toBe(inviteCode)
    await a.getByTestId('share-reset').click()
    await expect.poll(() => a.getByTestId('share-code').innerText(), { timeout: 10_000 }).not.toBe(inviteCode)
    const fresh = await a.getByTestId('share-code').innerText()
    expect(await a.getByTestId('share-url').inputValue()).toMatch(new RegExp(`/groups/invite/${fresh}$`))
    const stranger = await api.post('/api/users', {
      email: 'third.chat@example.test',
      username: 'third_chat',
      password: 'helicopter-7-third',
    })
    expect(stranger.status).toBe(201)
    const token = await api.token('third.chat@example.test', 'helicopter-7-third')
    expect((await api.post('/api/groups/join', { invite_code: inviteCode }, token)).status).toBe(404)
    expect((await api.post('/api/groups/join', { invite_code: fresh }, token)).status).toBe(200)
  })
})

describe('one-to-one from a profile', () => {
  it('Message opens the conversation with that person, the same one every time', async () => {
    await a.goto(`/users/${p(ravi).slug}`)
    await a.getByTestId('message-user').click()
    await a.waitForURL(/\/groups\/[0-9a-f-]{36}$/)
    const first = new URL(a.url()).pathname
    expect(await a.getByTestId('chat-title').innerText()).toBe(ravi.username)
    await a.getByTestId('chat-input').fill('Sorry about the group, friend')
    await a.getByTestId('chat-input').press('Enter')
    await expect
      .poll(() => rows(a, 'Sorry about the group, friend').getAttribute('data-state'), { timeout: 10_000 })
      .toBe('sent')
    await b.goto(`/users/${p(asha).slug}`)
    await b.getByTestId('message-user').click()
    await b.waitForURL(`**${first}`)
    expect(await b.getByTestId('chat-title').innerText()).toBe(asha.username)
    await rows(b, 'Sorry about the group, friend').waitFor()
    await a.goto(`/users/${p(ravi).slug}`)
    await a.getByTestId('message-user').click()
    await a.waitForURL(`**${first}`)
  })
})

describe('adding people, and a long conversation read back', () => {
  const others = ['scroll_one', 'scroll_two', 'scroll_three']
  const tokens: string[] = []
  let long = ''
  beforeAll(async () => {
    for (const username of others) {
      const u = { email: `${username}@example.test`, username, password: `pass-${username}-77` }
      expect((await api.post('/api/users', { ...u, full_name: username })).status).toBe(201)
      tokens.push(await api.token(u.email, u.password))
    }
    const made = await api.post<{ group: { group_uuid_id: string } }>(
      '/api/groups',
      { name: 'Long chat' },
      p(asha).token,
    )
    long = made.body.group.group_uuid_id
  })

  it('A adds three people found by name', async () => {
    await a.goto(`/groups/${long}/add-members`)
    await a.getByTestId('people-search').fill('scroll_')
    await expect.poll(() => a.getByTestId('person-result').count(), { timeout: 10_000 }).toBe(3)
    await shotBoth(a, 'add-members')
    for (const row of await a.getByTestId('person-result').all()) await row.getByRole('button').click()
    await a.getByTestId('add-members').click()
    await a.waitForURL(`**/groups/${long}/details`)
    await expect.poll(() => a.getByTestId('member-row').count(), { timeout: 10_000 }).toBe(4)
  })

  it('shows the newest page first and loads older messages when scrolled up, each once', async () => {
    // 36 messages (the limit is 20 per sender in 10 s: three senders), more than a page of 30.
    let n = 0
    for (let round = 0; round < 12; round++)
      for (const token of tokens) {
        n += 1
        const sent = await api.post(
          `/api/groups/${long}/messages`,
          { identifier_key: `old-${n}`, message: `old message ${n}` },
          token,
        )
        expect(sent.status).toBe(201)
      }
    await a.goto(`/groups/${long}`)
    await rows(a, 'old message 36').waitFor()
    await expect.poll(() => a.getByTestId('chat-message').count(), { timeout: 10_000 }).toBe(30)
    expect(await rows(a, 'old message 1').count()).toBe(0)
    await a.getByTestId('chat-messages').evaluate((el) => {
      el.scrollTop = 0
    })
    await rows(a, 'old message 1').waitFor()
    await expect.poll(() => a.getByTestId('chat-message').count(), { timeout: 10_000 }).toBe(36)
    await a.getByText('The start of the conversation').waitFor()
    const texts = await a.getByTestId('message-text').allInnerTexts()
    expect(texts).toEqual(Array.from({ length: 36 }, (_, i) => `old message ${i + 1}`))
  })
})

describe('a failed send', () => {
  let solo = ''
  beforeAll(async () => {
    const made = await api.post<{ group: { group_uuid_id: string } }>(
      '/api/groups',
      { name: 'Nets practice' },
      p(asha).token,
    )
    expect(made.status).toBe(201)
    solo = made.body.group.group_uuid_id
  })

  it('shows Retry; the retry re-sends the same identifier_key and the message is stored once', async () => {
    await a.goto(`/groups/${solo}`)
    await a.locator('[data-testid="chat-page"][data-live]').waitFor()
    const bodies: Array<{ identifier_key: string }> = []
    let fail = true
    const handler = async (route: Route) => {
      if (route.request().method() !== 'POST') return route.continue()
      bodies.push(route.request().postDataJSON())
      if (fail) return route.abort('connectionfailed')
      return route.continue()
    }
    await a.route('**/api/groups/*/messages', handler)
    await a.getByTestId('chat-input').fill('Is this thing on?')
    await a.getByTestId('chat-input').press('Enter')
    const mine = rows(a, 'Is this thing on?')
    await expect.poll(() => mine.getAttribute('data-state'), { timeout: 10_000 }).toBe('failed')
    await mine.getByTestId('message-retry').waitFor()
    await shotBoth(a, 'chat-failed')
    expect(await stored(solo, 'Is this thing on?')).toHaveLength(0)
    fail = false
    await mine.getByTestId('message-retry').click()
    await expect.poll(() => mine.getAttribute('data-state'), { timeout: 10_000 }).toBe('sent')
    expect(bodies).toHaveLength(2)
    expect(bodies[1]?.identifier_key).toBe(bodies[0]?.identifier_key)
    expect(await rows(a, 'Is this thing on?').count()).toBe(1)
    const saved = await stored(solo, 'Is this thing on?')
    expect(saved).toHaveLength(1)
    expect(saved[0]?.identifier_key).toBe(bodies[0]?.identifier_key)
    await a.unroute('**/api/groups/*/messages', handler)
  })

  it('a send the server stored but whose answer was lost shows once, as sent (the echo)', async () => {
    const handler = async (route: Route) => {
      if (route.request().method() !== 'POST') return route.continue()
      await route.fetch()
      return route.abort('connectionreset')
    }
    await a.route('**/api/groups/*/messages', handler)
    await a.getByTestId('chat-input').fill('Lost answer, kept message')
    await a.getByTestId('chat-input').press('Enter')
    const mine = rows(a, 'Lost answer, kept message')
    await expect.poll(() => mine.getAttribute('data-state'), { timeout: 10_000 }).toBe('sent')
    expect(await mine.count()).toBe(1)
    // A failure the echo already answered stays hidden: the one row is the stored message.
    await a.waitForTimeout(300)
    expect(await mine.count()).toBe(1)
    expect(await mine.getAttribute('data-state')).toBe('sent')
    expect(await stored(solo, 'Lost answer, kept message')).toHaveLength(1)
    await a.unroute('**/api/groups/*/messages', handler)
  })

  it('made no console errors', () => {
    expect(world.problems.filter((line) => !line.includes('WebSocket'))).toEqual([])
  })
})
