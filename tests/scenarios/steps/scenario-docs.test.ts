import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { STEP_KINDS } from '../../../cli/scenario/steps'
import { createApp } from '../../../server/app'
import { CHANNELS } from '../../../server/cable/channels'
import { type TestWorld, testWorld } from '../../helpers/deps'
import { openApiDoc, operations } from '../../helpers/openapi'

/**
 * docs/scenarios.md cannot drift from the product: every step kind, every channel
 * with its actions, every message type the server sends on /cable and every notification kind
 * it makes must be in it, and every API path it names must exist. The message types and
 * notification kinds are read from the server's source (what it publishes and notifies), so
 * a new one fails this test until the doc lists it.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')
const doc = fs.readFileSync(path.join(root, 'docs/scenarios.md'), 'utf8')

function section(heading: string): string {
  const start = doc.indexOf(`\n## ${heading}\n`)
  if (start < 0) throw new Error(`docs/scenarios.md has no "## ${heading}"`)
  const end = doc.indexOf('\n## ', start + heading.length + 5)
  return doc.slice(start, end < 0 ? undefined : end)
}

function serverSources(dir = path.join(root, 'server')): Array<{ file: string; text: string }> {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return serverSources(full)
    return entry.name.endsWith('.ts')
      ? [{ file: path.relative(root, full), text: fs.readFileSync(full, 'utf8') }]
      : []
  })
}
const sources = serverSources()

/** `type: '…'` of every message the server publishes on a bus stream or transmits to a subscription. */
function messageTypes(): Map<string, string> {
  const found = new Map<string, string>()
  const call = /(?:publish|publishLocal|transmit|send)\((?:[^()]|\([^()]*\)){0,200}?\{\s*type:\s*'([a-z_]+)'/g
  const built = /return \{\s*type:\s*'([a-z_]+)'|const \w+ = \{\s*type:\s*'([a-z_]+)'/g
  for (const { file, text } of sources) {
    if (!/\b(publish|publishLocal|transmit)\(/.test(text)) continue
    for (const m of text.matchAll(call)) found.set(m[1] as string, file)
    // Messages built by a function and published by the caller (scoring's leaderboards).
    if (file.startsWith('server/areas/scoring/') || file.startsWith('server/areas/championship/'))
      for (const m of text.matchAll(built)) found.set((m[1] ?? m[2]) as string, file)
  }
  // The auction engine's events are broadcast as they are (wireEvent): every type of its union.
  const engine = sources.find((s) => s.file === 'server/domain/auction/engine-state.ts')?.text ?? ''
  const events = engine.slice(engine.indexOf('type EventBody'), engine.indexOf('export type AuctionEvent'))
  for (const m of events.matchAll(/type: '([a-z_]+)'/g))
    found.set(m[1] as string, 'server/domain/auction/engine-state.ts')
  // The scheduler's wake-up between processes rides the bus but is no channel's message.
  found.delete('kick')
  return found
}

/** Ledger, activity and other `kind`s that appear near notify() calls but are not notification kinds. */
const NOT_NOTIFICATIONS = new Set([
  'admin_credit',
  'deposit',
  'contest_refund',
  'contest_prizes',
  'phase_prizes',
  'classic_transfers',
  'redemption_hold',
  'claim_refund',
  'referral_bonus',
  'deleted',
  'cancelled',
  'entry',
  'refund',
  'prizes',
  'auction_charge',
  'auction_charge_refund',
  'member_removed',
])

/** The kinds given to notify() / notifyGrouped() / notifyManyGrouped(), and the kinds cancelContest notifies with. */
function notificationKinds(): Map<string, string> {
  const found = new Map<string, string>()
  for (const { file, text } of sources) {
    for (const call of text.matchAll(/\bnotify(?:Many)?(?:Grouped)?\(/g)) {
      const window = text.slice(call.index, (call.index ?? 0) + 700)
      for (const m of window.matchAll(/kind:\s*'([a-z_]+)'/g)) found.set(m[1] as string, file)
    }
    for (const m of text.matchAll(/notifyKind: ((?:'[a-z_]+'(?: \| )?)+)/g))
      for (const k of (m[1] as string).matchAll(/'([a-z_]+)'/g)) found.set(k[1] as string, file)
    const admin = /kind: z\.string\(\)[^\n]*\.default\('([a-z_]+)'\)/.exec(text)
    if (admin) found.set(admin[1] as string, file)
  }
  for (const k of NOT_NOTIFICATIONS) found.delete(k)
  return found
}

describe('docs/scenarios.md', () => {
  it('lists every step kind in the step-kind table', () => {
    const table = section('Step kinds')
    const missing = STEP_KINDS.filter((k) => !table.includes(`| \`${k.key}\` | ${k.kind} |`)).map(
      (k) => k.key,
    )
    expect(missing).toEqual([])
  })

  it('lists every channel with its actions', () => {
    const table = section('Channels and their messages')
    for (const channel of CHANNELS) {
      const row = table.split('\n').find((line) => line.startsWith(`| \`${channel.name}\` |`))
      expect(row, `${channel.name} has no row`).toBeDefined()
      for (const action of Object.keys(channel.actions ?? {}))
        expect(row, `${channel.name}'s action ${action}`).toContain(`\`${action}\``)
    }
    const rows = table.split('\n').filter((l) => /^\| `\w+Channel` \|/.test(l)).length
    expect(rows).toBe(CHANNELS.length)
  })

  it('lists every message type the server sends on /cable', () => {
    const table = section('Channels and their messages')
    const types = messageTypes()
    // The scan itself must keep finding the kinds of messages it is meant to find.
    for (const known of [
      'notification',
      'status',
      'leaderboard',
      'my_ranks',
      'bid',
      'lot_closed',
      'message',
      'clock',
    ])
      expect(types.has(known), `the source scan no longer finds ${known}`).toBe(true)
    const missing = [...types]
      .filter(([type]) => !table.includes(`\`${type}\``))
      .map(([t, f]) => `${t} (${f})`)
    expect(missing).toEqual([])
  })

  it('lists every notification kind', () => {
    const table = section('Notification kinds')
    const kinds = notificationKinds()
    for (const known of [
      'welcome',
      'contest_won',
      'wallet_credit',
      'group_message',
      'contest_cancelled',
      'announcement',
    ])
      expect(kinds.has(known), `the source scan no longer finds ${known}`).toBe(true)
    const missing = [...kinds]
      .filter(([kind]) => !table.includes(`\`${kind}\``))
      .map(([k, f]) => `${k} (${f})`)
    expect(missing).toEqual([])
  })

  describe('names only API paths that exist', () => {
    let world: TestWorld
    beforeAll(async () => {
      world = await testWorld()
    })
    afterAll(() => world.close())

    it('every `METHOD /path` of the API tables is an operation of /api/openapi.json', async () => {
      const ops = new Set(
        operations(await openApiDoc(createApp(world.deps))).map((o) => `${o.method} ${o.path}`),
      )
      const named = [
        ...section('The API a scenario uses').matchAll(/`(GET|POST|PUT|PATCH|DELETE) (\/[^`\s]+)`/g),
      ].map((m) => `${m[1]} ${(m[2] as string).replace(/\?.*$/, '').replace(/\.json$/, '')}`)
      expect(named.length).toBeGreaterThan(50)
      expect(named.filter((n) => !ops.has(n))).toEqual([])
    })
  })
})
