import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type E2eWorld, startE2eWorld } from '../browser'
import { apiClient, signInBrowser } from '../league'

/**
 * A money notification is a link to its passbook row: the player opens "₹500 added …" on the
 * notifications page and lands on the unused passbook with that posting marked and in view.
 */
const player = { email: 'links.player@example.test', username: 'links_player', password: 'bell-links-28' }

let world: E2eWorld
let page: Page
let api: ReturnType<typeof apiClient>

beforeAll(async () => {
  world = await startE2eWorld({ league: true })
  page = world.page
  api = apiClient(world)
  const tokens = await api.signUp(player, 'Links Player')
  await signInBrowser(world.browser, world.server.url, tokens)
})
afterAll(async () => {
  await world?.close()
})

describe('notification links in a browser', () => {
  it('opens the passbook row of a credit from its notification', async () => {
    const admin = await api.adminToken()
    // An older posting first, so the marked row is not simply the only one.
    for (const amount of [120, 500]) {
      const credited = await api.post<{ credit: { transaction_id: number } }>(
        '/api/admin/wallet/credits',
        { email: player.email, amount, note: `Test credit ${amount}` },
        admin,
      )
      expect(credited.status).toBe(201)
    }
    const last = await api.post<{ credit: { transaction_id: number } }>(
      '/api/admin/wallet/credits',
      { email: player.email, amount: 75, note: 'Test credit 75' },
      admin,
    )
    const txn = last.body.credit.transaction_id

    await page.goto('/notifications')
    await page
      .getByTestId('notification-link')
      .filter({ hasText: '₹75 added to your unused balance' })
      .click()
    await page.waitForURL(`**/wallet/unused-passbook?txn=${txn}`)
    const marked = page.locator('[data-testid="passbook-entry"][aria-current="true"]')
    await marked.waitFor()
    expect(await marked.count()).toBe(1)
    expect(await marked.getByTestId('entry-amount').textContent()).toContain('₹75')
    expect(await page.getByTestId('passbook-entry').count()).toBe(3)
    await world.shot('notification-passbook-row')
    expect(world.problems).toEqual([])
  })
})
