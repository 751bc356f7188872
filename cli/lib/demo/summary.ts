import type { Config } from '../../../server/core/config'
import { type AccountsView, accountsLines, accountsView } from '../accounts'
import { type Style, visibleWidth } from '../style'
import type { DemoState } from './types'

const rupees = (n: number) => `₹${new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 }).format(n)}`

/** Game time as HH:MM (UTC): the clock the whole league runs on. */
export const gameTime = (ms: number) => new Date(ms).toISOString().slice(11, 16)

/** The summary as lines: what is live, the leaders, the auction, the money, the chatter. */
export function summaryLines(state: DemoState): string[] {
  const { clock } = state
  const lines = [
    `game clock ${gameTime(clock.now_in_millis)} UTC · ${clock.speed}×${clock.paused ? ' (paused)' : ''}`,
  ]
  // One live match a line: two T20 score lines side by side do not fit 80 columns.
  if (state.live.length === 0) lines.push('live: nothing yet')
  else lines.push(...state.live.map((match, i) => `${i === 0 ? 'live:' : '     '} ${match}`))
  const next = state.fixtures.find((f) => f.status === 'upcoming')
  if (next)
    lines.push(
      `next: ${next.title} at ${gameTime(next.startsAtMs)}, ${next.contests.reduce((n, c) => n + c.bots, 0)} bots seated`,
    )
  const done = state.fixtures.filter((f) => f.status === 'completed')
  if (done.length > 0) lines.push(`settled: ${done.map((f) => `${f.title} (${f.score})`).join(' | ')}`)
  if (state.leaders)
    lines.push(
      `leaders (${state.leaders.contest}): ${state.leaders.rows
        .map((r) => `${r.rank ?? '-'}. ${r.name} ${r.points}`)
        .join('  ')}`,
    )
  const auction = state.auctions.at(-1)
  if (auction)
    lines.push(
      `auction ${auction.id} (code ${auction.code}): ${auction.phase === 'waiting' ? `waiting room, opens at ${gameTime(auction.startsAtMs)}` : `${auction.phase}, ${auction.sold}/${auction.players} sold, ${auction.spent} credits spent`}${auction.onTheBlock ? `, on the block ${auction.onTheBlock}` : ''}`,
    )
  if (auction && auction.pending.length + auction.approved.length > 0)
    lines.push(
      `  people: ${[
        auction.approved.length > 0 ? `${auction.approved.join(', ')} in` : '',
        auction.pending.length > 0 ? `${auction.pending.join(', ')} waiting for approval` : '',
      ]
        .filter(Boolean)
        .join('; ')}`,
    )
  if (state.championship)
    lines.push(
      `championship: contest ${state.championship.contestId} on ${state.championship.phaseName}, ${state.championship.bots} bots`,
    )
  const s = state.social
  lines.push(
    `social: ${s.posts} posts, ${s.comments} comments, ${s.likes} likes, ${s.messages} chat messages`,
  )
  lines.push(
    `money: ${rupees(state.money.staked)} staked for bots, ${rupees(state.money.paid)} paid in prizes`,
  )
  if (state.note) lines.push(`note: ${state.note}`)
  return lines
}

/** Where to look and who to be: printed once at the start (and kept at the top of the Ink view). */
export function bannerLines(
  b: {
    server: string
    database: string | null
    seed: number
    speed: number
    config: Config
    /** The accounts as the start left them (default: the configured ones). */
    accounts?: AccountsView
    lan?: string[] | null
  },
  s: Style,
): string[] {
  return [
    s.bold(`Fanspole demo league (seed ${b.seed}, clock ${b.speed}×)`),
    `  ${s.dim('Web        ')}  ${s.cyan(`${b.server}/`)}`,
    `  ${s.dim('Matches    ')}  ${b.server}/contests   ${s.dim('Auction:')} ${b.server}/auctions/join`,
    `  ${s.dim('Feed, chats')}  ${b.server}/feeds   ${b.server}/groups`,
    ...(b.lan ?? []).map((url) => `  ${s.dim('On the LAN ')}  ${s.yellow(url)}`),
    ...accountsLines(b.accounts ?? accountsView(b.config, null), s),
    ...(b.database ? [`  ${s.dim('Database   ')}  ${b.database}`] : []),
    s.dim('Press Ctrl-C to stop: the clock is paused and put back, the league stays as it is.'),
  ]
}

/**
 * Lines fitted to a terminal `width` wide: a longer one is broken at spaces, its rest indented
 * under it (a single word longer than the width is left for the view to cut). The live view
 * redraws these, so nothing it shows is cut at 80 columns, and a resize lays them out again.
 */
export function fitToWidth(lines: readonly string[], width: number): string[] {
  const out: string[] = []
  for (const line of lines) {
    if (visibleWidth(line) <= width) {
      out.push(line)
      continue
    }
    const indent = ' '.repeat(Math.min(4, (/^ */.exec(line)?.[0].length ?? 0) + 2))
    let current = ''
    for (const word of line.split(/(?<=\S) (?=\S)/)) {
      const next = current === '' ? word : `${current} ${word}`
      if (current !== '' && visibleWidth(next) > width) {
        out.push(current)
        current = `${indent}${word.trimStart()}`
      } else current = next
    }
    out.push(current)
  }
  return out
}
