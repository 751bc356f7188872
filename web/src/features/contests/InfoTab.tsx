import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { Card, Loading } from '../../components/Common'
import { Fact } from '../../components/Fact'
import { Alert } from '../../components/Field'
import tiles from '../../components/fact-tiles.module.css'
import { formatMoney, formatNumber } from '../../lib/format'
import { useSignedIn } from '../../lib/use-session'
import { infoQuery } from './api'
import { useContest } from './contest-context'
import styles from './owner.module.css'
import page from './pages.module.css'

/**
 * `/contests/:id/info`: the contest's terms (GET /api/contests/{id}/info) and, for a contest
 * a player made, who made it, whether it is private and what they wrote about it. The rules
 * list is the server's, refunds included; the game kind's full rules are one link away.
 */
export function InfoTab() {
  const { contest: c } = useContest()
  const signedIn = useSignedIn()
  const info = useQuery(infoQuery(c.id))
  if (info.isPending) return <Loading />
  if (info.isError) return <Alert>{info.error.message}</Alert>
  const i = info.data
  const kind = c.game_kind ?? 'single-match'
  return (
    <Card>
      {c.description ? (
        <p className={page.hint} data-testid="contest-description">
          {c.description}
        </p>
      ) : null}
      <dl className={`${page.facts} ${tiles.tiles}`} data-testid="contest-info">
        <Fact label="Made by" testId="contest-owner">
          {c.created_by ? (
            <Link to={`/users/${encodeURIComponent(c.created_by.slug)}`}>{c.created_by.username}</Link>
          ) : (
            'Fanspole'
          )}
        </Fact>
        <Fact label="Visibility" testId="contest-visibility">
          {c.is_private ? <span className={styles.privateTag}>Private</span> : 'Public'}
        </Fact>
        <Fact label="Entry">{i.entry_fee === 0 ? 'Free' : formatMoney(i.entry_fee)}</Fact>
        <Fact label="Prize pool">{formatMoney(i.prize_amount)}</Fact>
        <Fact label="Spots">{formatNumber(i.members_limit)}</Fact>
        <Fact label="Winners">{formatNumber(i.winner_count)}</Fact>
        <Fact label="Teams per player">{i.max_entries}</Fact>
        <Fact label="Platform fee">{i.rake_percent}%</Fact>
        <Fact label="Guaranteed">{i.guaranteed ? 'Yes' : 'No'}</Fact>
        {i.invite_code ? (
          <Fact label="Invite code">
            <code data-testid="info-invite-code">{i.invite_code}</code>
          </Fact>
        ) : null}
      </dl>
      {c.invite_link ? (
        <p className={page.hint}>
          Invite link: <code data-testid="info-invite-link">{c.invite_link}</code>
        </p>
      ) : null}
      <h2 className={page.subhead}>Rules</h2>
      <ul className={page.rules} data-testid="info-rules">
        {i.rules.map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
      </ul>
      <p className={page.hint}>
        <Link to={`/contests/rules/${kind}`}>All the rules of this game</Link>
        {' · '}
        <Link to={`/contests/${c.id}/activities`}>Activity</Link>
        {signedIn && !c.is_owner ? (
          <>
            {' · '}
            <Link to={`/contests/${c.id}/report`} data-testid="report-link">
              Report this contest
            </Link>
          </>
        ) : null}
      </p>
    </Card>
  )
}
