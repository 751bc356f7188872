import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type E2eWorld, startE2eWorld } from '../browser'
import { apiClient, fanspole, signInBrowser } from '../league'

/**
 * The wallet end to end in Chromium: a player adds ₹500 through the simulated Paytm page
 * and sees it in the unused passbook; verifies the mobile number (the OTP read with
 * `fanspole outbox`), the PAN (approved with `fanspole kyc approve`) and a UPI id; withdraws
 * winnings by UPI with the fee shown; and scratches the card a referral earned. The ledger
 * verifies clean at the end.
 */
const player = { email: 'wallet.player@example.test', username: 'wallet_player', password: 'rupee-wallet-7' }
const MOBILE = '9876501234'
const PAN = 'ABCDE1234F'
const UPI = 'wallet.player@okhdfc'
const SHOTS = '/tmp/wallet-shots'
/** An 8×5 PNG: the PAN photo. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAFCAIAAAD38zoCAAAAEUlEQVR42mN4dqICK2KggwQADgBV8W9haiwAAAAASUVORK5CYII=',
  'base64',
)

let world: E2eWorld
let page: Page
let api: ReturnType<typeof apiClient>
let adminToken: string
let playerToken: string
let cliHome: string

const shot = (name: string) => page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true })
const text = async (testId: string) => ((await page.getByTestId(testId).first().textContent()) ?? '').trim()
const cli = async (args: string[]) => {
  const run = await fanspole(world, cliHome, args)
  if (run.code !== 0) throw new Error(`fanspole ${args.join(' ')} failed (${run.code}): ${run.stderr}`)
  return run.stdout
}
const me = async () =>
  (
    await api.get<{ user: { unused_balance: number; winning_balance: number; coin_balance: number } }>(
      '/api/me',
      playerToken,
    )
  ).body.user

beforeAll(async () => {
  fs.mkdirSync(SHOTS, { recursive: true })
  cliHome = fs.mkdtempSync(path.join(os.tmpdir(), 'fanspole-wallet-cli-'))
  world = await startE2eWorld({ league: true })
  page = world.page
  api = apiClient(world)
  adminToken = await api.adminToken()
  const tokens = await api.signUp(player, 'Wallet Player')
  playerToken = tokens.access_token
  await signInBrowser(world.browser, world.server.url, tokens)
})
afterAll(async () => {
  await world?.close()
  if (cliHome) fs.rmSync(cliHome, { recursive: true, force: true })
})

describe('the wallet in a browser', () => {
  it('adds ₹500 through the simulated Paytm page and sees it in the unused passbook', async () => {
    await page.goto('/wallet')
    expect(await text('wallet-current')).toBe('₹0')
    expect(await text('verify-mobile-state')).toBe('Not done')
    await shot('wallet-empty')
    await page.getByTestId('add-cash').click()
    await page.waitForURL('**/add-cash')
    // Out of range first: the form says so and stays put.
    await page.fill('input[name=amount]', '5')
    await page.getByTestId('add-cash-submit').click()
    await page.getByText('The least you can add is ₹10').waitFor()
    await page.getByTestId('quick-500').click()
    await shot('add-cash')
    await page.getByTestId('add-cash-submit').click()
    await page.waitForURL('**/add-cash/payment-options?amount=500')
    expect(await text('pay-amount')).toBe('₹500')
    await shot('payment-options')
    await page.getByTestId('gateway-paytm').click()

    // The simulated Paytm page, served by our server: press Pay.
    await page.waitForURL(/\/gateway\/paytm\/FP\d+/)
    await page.getByRole('button', { name: 'Pay' }).waitFor()
    await shot('gateway-paytm')
    await page.getByRole('button', { name: 'Pay' }).click()
    await page.waitForURL(/\/paytm\/payment\?.*STATUS=TXN_SUCCESS/)
    const result = page.getByTestId('payment-result')
    await expect.poll(() => result.getAttribute('data-status')).toBe('success')
    await expect.poll(() => text('new-unused-balance')).toBe('₹500')
    expect(await page.evaluate(() => localStorage.getItem('me_current_balance'))).toBe('500')
    await expect.poll(() => text('balance-chip')).toBe('₹500')
    await shot('payment-success')

    // Reloading replays the signed callback: refused, and nothing is added twice.
    await page.reload()
    await page.getByTestId('payment-replayed').waitFor()
    expect(await result.getAttribute('data-status')).toBe('success')
    expect((await me()).unused_balance).toBe(500)

    await page.getByTestId('to-passbook').click()
    await page.waitForURL('**/wallet/unused-passbook')
    const entries = page.getByTestId('passbook-entry')
    await expect.poll(() => entries.count()).toBe(1)
    expect(await entries.first().getByTestId('entry-amount').textContent()).toBe('+₹500')
    expect(await entries.first().getByTestId('entry-balance').textContent()).toBe('Balance ₹500')
    expect(await entries.first().textContent()).toContain('Added cash')
    await shot('unused-passbook')
  })

  it('a failed Paytm payment says so and adds nothing', async () => {
    await page.goto('/add-cash?amount=250')
    expect(await page.inputValue('input[name=amount]')).toBe('250')
    await page.getByTestId('add-cash-submit').click()
    await page.getByTestId('gateway-paytm').click()
    await page.waitForURL(/\/gateway\/paytm\//)
    await page.getByRole('button', { name: 'Fail' }).click()
    await page.waitForURL(/\/paytm\/payment\?.*STATUS=TXN_FAILURE/)
    await expect.poll(() => page.getByTestId('payment-result').getAttribute('data-status')).toBe('failure')
    expect(await text('payment-error')).toContain('No money was added')
    await shot('payment-failure')
    expect((await me()).unused_balance).toBe(500)
  })

  it('adds ₹100 through PayUMoney: /payumoney/success confirms it', async () => {
    await page.goto('/add-cash')
    await page.getByTestId('quick-100').click()
    await page.getByTestId('add-cash-submit').click()
    await page.getByTestId('gateway-payumoney').click()
    await page.waitForURL(/\/gateway\/payumoney\//)
    await page.getByRole('button', { name: 'Pay' }).click()
    await page.waitForURL(/\/payumoney\/success\?/)
    await expect.poll(() => page.getByTestId('payment-result').getAttribute('data-status')).toBe('success')
    await expect.poll(() => text('new-unused-balance')).toBe('₹600')
    expect((await me()).unused_balance).toBe(600)
  })

  it('withdrawing is blocked, with links, until the checks are done', async () => {
    await page.goto('/wallet/withdraw')
    await page.getByTestId('withdraw-blocked').waitFor()
    expect(await page.getByRole('link', { name: 'Verify' }).count()).toBeGreaterThanOrEqual(3)
    await shot('withdraw-blocked')
  })

  it('verifies the mobile number with the OTP from `fanspole outbox`', async () => {
    await page.goto('/wallet/verify-mobile')
    await page.fill('input[name=mobile_number]', `+91 ${MOBILE}`)
    await page.getByTestId('send-otp').click()
    await page.getByTestId('otp-sent').waitFor()
    const outbox = JSON.parse(await cli(['outbox', '--to', MOBILE, '--json'])) as {
      messages: Array<{ body: string }>
    }
    const otp = /\b(\d{6})\b/.exec(outbox.messages[0]?.body ?? '')?.[1]
    expect(otp).toMatch(/^\d{6}$/)
    // A wrong code is refused and counted.
    const wrong = otp === '000000' ? '111111' : '000000'
    await page.fill('input[name=otp]', wrong)
    await page.getByTestId('verify-otp').click()
    await page.getByText('is incorrect (4 attempts left)').waitFor()
    await shot('verify-mobile-wrong-otp')
    await page.fill('input[name=otp]', otp ?? '')
    await page.getByTestId('verify-otp').click()
    await page.getByTestId('mobile-verified').waitFor()
    await page.goto('/wallet')
    await expect.poll(() => text('verify-mobile-state')).toBe('Verified')
  })

  it('submits the PAN with a photo; approved with `fanspole kyc approve`, the page shows it', async () => {
    await page.goto('/wallet/verify-pan-card')
    await page.fill('input[name=name]', 'Wallet Player')
    // A malformed PAN is caught before it is sent.
    await page.fill('input[name=pan_number]', 'ABC123')
    await page.fill('input[name=dob]', '1995-04-21')
    await page.getByTestId('pan-photo').setInputFiles({ name: 'pan.png', mimeType: 'image/png', buffer: PNG })
    await page.getByText('pan.png').waitFor()
    await page.getByTestId('save-pan').click()
    await page.getByText('must look like ABCDE1234F').waitFor()
    await page.fill('input[name=pan_number]', PAN.toLowerCase())
    await shot('verify-pan-form')
    await page.getByTestId('save-pan').click()
    await expect.poll(() => text('pan-status')).toBe('Pending review')
    await shot('verify-pan-pending')

    const pending = JSON.parse(await cli(['kyc', 'list', '--json'])) as {
      pan_cards: Array<{ id: number; pan_number: string; user: { username: string } }>
    }
    const mine = pending.pan_cards.find((p) => p.user.username === player.username)
    expect(mine?.pan_number).toBe(PAN)
    await cli(['kyc', 'approve', String(mine?.id)])
    await page.reload()
    await expect.poll(() => text('pan-status')).toBe('Approved')
  })

  it('adds a UPI id, which is active at once', async () => {
    await page.goto('/wallet/verify-upi')
    await page.getByText('No UPI id yet').waitFor()
    await page.fill('input[name=upi_str]', 'not a upi id')
    await page.getByTestId('add-upi').click()
    await page.getByText('must look like name@bank').waitFor()
    await page.fill('input[name=upi_str]', UPI)
    await page.getByTestId('add-upi').click()
    const row = page.getByTestId('upi-row')
    await expect.poll(() => row.count()).toBe(1)
    expect(await row.getAttribute('data-active')).toBe('true')
    expect(await row.textContent()).toContain(UPI)
    await shot('verify-upi')
    await page.goto('/wallet')
    await expect.poll(() => text('verify-pan-state')).toBe('Verified')
    expect(await text('verify-upi-state')).toBe('Verified')
    await shot('wallet-verified')
  })

  it('withdraws winnings by UPI with the ₹10 fee shown', async () => {
    const credit = await api.post(
      '/api/admin/wallet/credits',
      { email: player.email, amount: 1000, compartment: 'winnings', note: 'Test prize' },
      adminToken,
    )
    expect(credit.status).toBe(201)
    await page.goto('/wallet/withdraw')
    await expect.poll(() => text('withdraw-winnings')).toBe('₹1,000')
    await page.getByTestId('type-upi').click()
    expect(await page.getByTestId('type-upi').textContent()).toContain('Fee ₹10')
    // Below the UPI minimum: the server refuses with 409 and the page says why.
    await page.fill('input[name=amount]', '50')
    await page.getByTestId('withdraw-submit').click()
    await page.getByTestId('withdraw-error').waitFor()
    expect(await text('withdraw-error')).toContain('minimum')
    await page.fill('input[name=amount]', '300')
    // The refusal was about ₹50: a new amount clears it.
    await page.getByTestId('withdraw-error').waitFor({ state: 'detached' })
    expect(await text('withdraw-receive')).toBe('₹300')
    expect(await text('withdraw-fee')).toBe('₹10')
    expect(await text('withdraw-total')).toBe('₹310')
    await shot('withdraw-form')
    await page.getByTestId('withdraw-submit').click()
    await page.getByTestId('withdraw-requested').waitFor()
    expect(await text('withdraw-requested')).toContain(UPI)
    const rows = page.getByTestId('redemption-row')
    await expect.poll(() => rows.count()).toBe(1)
    expect(await rows.first().getAttribute('data-status')).toBe('pending')
    await expect.poll(() => text('withdraw-winnings')).toBe('₹690')
    await shot('withdraw-requested')
    expect((await me()).winning_balance).toBe(690)
  })

  it('scratches the card a referral earned, and the reward arrives', async () => {
    const { body } = await api.get<{ user: { reference: string } }>('/api/me', playerToken)
    const friend = {
      email: 'wallet.friend@example.test',
      username: 'wallet_friend',
      password: 'friend-wallet-7',
    }
    expect((await api.post('/api/users', { ...friend, ref_code: body.user.reference })).status).toBe(201)

    await page.goto('/refer-and-earn')
    await expect.poll(() => text('referred-count')).toBe('1')
    expect(await text('referral-code')).toBe(body.user.reference)
    await shot('refer-and-earn')

    const before = await me()
    await page.goto('/scratch-cards')
    const tile = page.getByTestId('scratch-card')
    await expect.poll(() => tile.count()).toBe(1)
    expect(await tile.getAttribute('data-claimed')).toBe('false')
    await shot('scratch-cards')
    await tile.click()
    await page.waitForURL(/\/scratch-cards\/\d+$/)
    const cardId = Number(/scratch-cards\/(\d+)/.exec(page.url())?.[1])

    // Rub the foil with the mouse, row by row, until the card reveals itself.
    const surface = page.getByTestId('scratch-surface')
    const box = await surface.boundingBox()
    if (!box) throw new Error('no scratch surface')
    await shot('scratch-card-foil')
    await page.mouse.move(box.x + 10, box.y + 10)
    await page.mouse.down()
    // One stroke first: the foil is rubbed off where it went, the reward not yet claimed.
    await page.mouse.move(box.x + box.width - 10, box.y + 40, { steps: 8 })
    await shot('scratch-card-rubbing')
    expect(await page.getByTestId('scratch-outcome').count()).toBe(0)
    for (let y = 10; y < box.height; y += 30) {
      await page.mouse.move(box.x + box.width - 10, box.y + y, { steps: 8 })
      await page.mouse.move(box.x + 10, box.y + y + 15, { steps: 8 })
    }
    await page.mouse.up()
    await page.getByTestId('scratch-outcome').waitFor()
    await shot('scratch-card-revealed')

    const claimed = await api.get<{
      scratch_card: { claimed: boolean; reward: { kind: string; amount: number; label: string } }
    }>(`/api/scratch_cards/${cardId}`, playerToken)
    expect(claimed.body.scratch_card.claimed).toBe(true)
    const reward = claimed.body.scratch_card.reward
    expect(await page.getByTestId('scratch-reward').getAttribute('data-kind')).toBe(reward.kind)
    const after = await me()
    expect(after.unused_balance).toBe(before.unused_balance + (reward.kind === 'cash' ? reward.amount : 0))
    expect(after.coin_balance).toBe(before.coin_balance + (reward.kind === 'coins' ? reward.amount : 0))

    // Once only: the list shows it scratched.
    await page.goto('/scratch-cards')
    await expect.poll(() => tile.getAttribute('data-claimed')).toBe('true')
    const again = await api.post('/api/scratch_cards/claim', { id: cardId }, playerToken)
    expect(again.status).toBe(409)
  })

  it('saves a bank account (the numbers must match) and shows it masked', async () => {
    await page.goto('/wallet/verify-bank-account')
    await page.fill('input[name=account_holder]', 'Wallet Player')
    await page.fill('input[name=account_number]', '001234567890')
    await page.fill('input[name=confirm_account_number]', '001234567899')
    await page.fill('input[name=ifsc]', 'hdfc0001234')
    await page.fill('input[name=bank_name]', 'HDFC Bank')
    await page.getByTestId('save-bank').click()
    await page.getByText('does not match the account number').waitFor()
    await page.fill('input[name=confirm_account_number]', '001234567890')
    await shot('verify-bank-form')
    await page.getByTestId('save-bank').click()
    await expect.poll(() => text('bank-account')).toBe('XXXXXXXX7890')
    await shot('verify-bank-saved')
    await page.goto('/wallet')
    await expect.poll(() => text('verify-bank-state')).toBe('Verified')
  })

  it('claims a refund for the failed payment and follows it on /help/refund-status', async () => {
    const credits = await api.get<{ user_credits: Array<{ id: number; status: string }> }>(
      '/api/user_credits',
      playerToken,
    )
    const failed = credits.body.user_credits.find((c) => c.status === 'failed')
    expect(failed).toBeDefined()
    await page.goto('/wallet/refund-and-cancellation')
    await shot('refund-policy')
    await page.getByTestId('to-claim-refund').click()
    await page.waitForURL('**/help/claim-refund')
    await page.selectOption('select[name=user_credit_id]', String(failed?.id))
    await page.fill('textarea[name=reason]', 'short')
    await page.getByTestId('claim-refund-submit').click()
    await page.getByText('is too short (minimum is 10 characters)').waitFor()
    await page.fill(
      'textarea[name=reason]',
      'The money left my bank account but the payment shows as failed.',
    )
    await shot('claim-refund')
    await page.getByTestId('claim-refund-submit').click()
    await page.getByTestId('refund-claimed').waitFor()
    await page.getByRole('link', { name: 'See its status' }).click()
    await page.waitForURL('**/help/refund-status')
    const claim = page.getByTestId('refund-claim')
    await expect.poll(() => claim.count()).toBe(1)
    expect(await claim.getAttribute('data-status')).toBe('pending')
    expect(await claim.textContent()).toContain(`Payment #${failed?.id}`)
    await shot('refund-status')
  })

  it('the offers and how-it-works pages read the real reward rules', async () => {
    await page.goto('/offers')
    await page.getByText('50 coins for you and your friend').waitFor()
    await shot('offers')
    await page.goto('/refer-and-earn/learn')
    await page.getByText('50 coins each', { exact: false }).waitFor()
    await shot('refer-learn')
    await page.goto('/scratch-cards/help')
    await page.getByText('What a card can hold').waitFor()
    await shot('scratch-help')
    // The wallet on a laptop: the same page beside the side menu.
    await page.setViewportSize({ width: 1280, height: 900 })
    await page.goto('/wallet')
    await page.getByTestId('wallet-current').waitFor()
    await shot('wallet-desktop')
    await page.setViewportSize({ width: 390, height: 844 })
  })

  it('the coins passbook shows the referral bonus; the ledger verifies clean; no page errors', async () => {
    await page.goto('/wallet/coins-passbook')
    const entries = page.getByTestId('passbook-entry')
    await expect.poll(() => entries.count()).toBeGreaterThanOrEqual(1)
    expect(await page.getByTestId('passbook-entries').textContent()).toContain('Referral bonus')
    await shot('coins-passbook')
    const verify = await api.get<{ ok: boolean }>('/api/admin/ledger/verify', adminToken)
    expect(verify.status).toBe(200)
    expect(verify.body.ok).toBe(true)
    expect(world.problems).toEqual([])
  })
})
