import fs from 'node:fs'
import path from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, type ExpectStatic, expect, it } from 'vitest'
import { type E2eWorld, SHOTS_DIR, secondBrowser, startE2eWorld } from '../browser'
import { apiClient, signInBrowser } from '../league'
import { LAST, routePaths, SIGNED_OUT, seedRouteExamples, settle } from './route-walk'

/**
 * axe-core over every route of the router (the spec's §2 pages, with real ids from a seeded
 * league): the signed-out pages, then every page as a signed-in player, at a phone's width and
 * a laptop's. Any `serious` or `critical` violation of WCAG 2.1 A/AA fails the test, listed as
 * route, rule, target and help. AXE_ROUTES=<regex> narrows the walk while fixing pages
 * (docs/accessibility.md); each violation is also written to /tmp/fanspole-shots/axe-violations.txt
 * as it is found.
 */
const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'laptop', width: 1280, height: 800 },
] as const
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']
const BLOCKING = new Set(['serious', 'critical'])
const player = { email: 'axe.fan@example.test', username: 'axe_fan', password: 'reads-aloud-9' }
const LOG = path.join(SHOTS_DIR, 'axe-violations.txt')
const only = process.env.AXE_ROUTES ? new RegExp(process.env.AXE_ROUTES) : null

let world: E2eWorld
let exampleOf: (pattern: string) => string

beforeAll(async () => {
  world = await startE2eWorld({ league: true })
  exampleOf = await seedRouteExamples(world, player, 'Axe Fan')
  fs.rmSync(LOG, { force: true })
})
afterAll(() => world?.close())

/** The blocking violations of one page, one line per element: "url [rule] target — help". */
async function violationsOf(page: Page, url: string, poll: ExpectStatic['poll']): Promise<string[]> {
  await settle(page, url, poll)
  // Only the violations: collecting every pass and incomplete check doubles axe's time per page.
  const result = await new AxeBuilder({ page })
    .withTags(TAGS)
    .options({ resultTypes: ['violations'] })
    .analyze()
  const found = result.violations
    .filter((v) => BLOCKING.has(v.impact ?? ''))
    .flatMap((v) =>
      v.nodes.map((n) => `${url} [${v.id}, ${v.impact}] ${n.target.join(' ')} — ${v.help}${contrastOf(n)}`),
    )
  // As they are found, so a slow run that times out still says what it saw.
  if (found.length > 0) fs.appendFileSync(LOG, `${found.join('\n')}\n`)
  return found
}

/** For a contrast failure, the colours and the ratio axe measured: what to change. */
function contrastOf(node: { any: Array<{ data?: unknown }> }): string {
  const d = node.any[0]?.data as { fgColor?: string; bgColor?: string; contrastRatio?: number } | undefined
  return d?.fgColor ? ` (${d.fgColor} on ${d.bgColor}: ${d.contrastRatio})` : ''
}

describe('every page passes axe (no serious or critical violation)', () => {
  const all = [...new Set(routePaths())].filter((p) => !only || only.test(p))

  it('has an example for every route of the router', () => {
    for (const pattern of all) expect(() => exampleOf(pattern), pattern).not.toThrow()
  })

  // The two widths side by side, each in its own browser (its own cookies), as the layout walk.
  describe.concurrent('at each width', () => {
    for (const size of SIZES)
      it(`at ${size.width}×${size.height} (${size.name})`, { timeout: 1_800_000 }, async ({ expect }) => {
        const { page, browser } =
          size.name === 'phone' ? world : await secondBrowser(world, `axe-${size.name}`)
        await page.setViewportSize({ width: size.width, height: size.height })
        await page.emulateMedia({ reducedMotion: 'reduce' })
        await browser.clearCookies()
        const found: string[] = []
        const visit = async (pattern: string) =>
          found.push(...(await violationsOf(page, exampleOf(pattern), expect.poll)))
        for (const pattern of SIGNED_OUT.filter((p) => all.includes(p))) await visit(pattern)
        const api = apiClient(world)
        await signInBrowser(browser, world.server.url, await api.signIn(player.email, player.password))
        for (const pattern of all.filter((p) => !SIGNED_OUT.includes(p) && !LAST.includes(p)))
          await visit(pattern)
        for (const pattern of LAST.filter((p) => all.includes(p))) await visit(pattern)
        if (browser !== world.browser) await browser.close()
        expect(found, `${found.length} violations at ${size.width} px:\n${found.join('\n')}`).toEqual([])
      })
  })
})
