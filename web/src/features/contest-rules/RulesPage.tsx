import { useQuery } from '@tanstack/react-query'
import { Link, useParams } from 'react-router'
import { isEsportsKind } from '../../../../server/domain/esports/rules'
import { GAME_KINDS } from '../../../../server/domain/game-kinds'
import { ButtonLink } from '../../components/Button'
import { Card, EmptyState, Loading, PageHead } from '../../components/Common'
import { Fact } from '../../components/Fact'
import { Alert } from '../../components/Field'
import tiles from '../../components/fact-tiles.module.css'
import { ApiError } from '../../lib/api'
import { formatMoney, formatNumber } from '../../lib/format'
import { EsportsRules } from '../esports'
import { PointSystemTables } from '../point-system'
import { type KindRules, rulesQuery } from './api'
import styles from './rules.module.css'
import { TeamRulesCard } from './TeamRulesCard'

/**
 * `/contests/rules/:slug`: one game kind's rules, every number from GET /api/contests/rules/{slug}
 * — the same config the server enforces (team validator, scorer, creation limits, refunds),
 * so this page cannot drift from what happens.
 */
export function RulesPage() {
  const slug = useParams().slug ?? ''
  const rules = useQuery({ ...rulesQuery(slug), enabled: !isEsportsKind(slug) })
  // An esports kind's rules are the custom room's (features/esports/create).
  if (isEsportsKind(slug))
    return (
      <div data-testid="contest-rules" data-slug={slug}>
        <KindChips current={slug} />
        <EsportsRules kind={slug} />
      </div>
    )
  return (
    <div data-testid="contest-rules" data-slug={slug}>
      <KindChips current={slug} />
      {rules.isPending ? (
        <Loading />
      ) : rules.isError ? (
        rules.error instanceof ApiError && rules.error.status === 404 ? (
          <EmptyState title="No such game">
            <Link to="/contests/games">See the games</Link>
          </EmptyState>
        ) : (
          <Alert>{rules.error.message}</Alert>
        )
      ) : (
        <RulesBody rules={rules.data} />
      )}
    </div>
  )
}

function KindChips({ current }: { current: string }) {
  return (
    <nav className={styles.chips} aria-label="Game kinds">
      {GAME_KINDS.map((k) => (
        <Link
          key={k.slug}
          to={`/contests/rules/${k.slug}`}
          className={k.slug === current ? `${styles.chip} ${styles.chipOn}` : styles.chip}
          aria-current={k.slug === current ? 'page' : undefined}
        >
          {k.name}
        </Link>
      ))}
    </nav>
  )
}

function RulesBody({ rules: r }: { rules: KindRules }) {
  const c = r.creation
  return (
    <>
      <PageHead
        title={`${r.name} rules`}
        subtitle={r.description}
        actions={
          r.available ? (
            <ButtonLink to={`/contests/create/${r.slug}`} small data-testid="rules-create">
              Create contest
            </ButtonLink>
          ) : (
            <span className={styles.later} data-testid="opens-later">
              Opens later
            </span>
          )
        }
      />
      <CreationCard c={c} />
      <PrizeOptions c={c} />
      {r.team_rules ? <TeamRulesCard rules={r.team_rules} /> : null}
      <ChampionshipRules r={r} />
      {r.point_system ? (
        <section className={styles.section} data-testid="rules-points">
          <h2 className={styles.heading}>Points</h2>
          <PointSystemTables system={r.point_system} />
        </section>
      ) : null}
      <Card className={styles.section}>
        <h2 className={styles.heading}>Refunds</h2>
        <ul className={styles.list} data-testid="refund-rules">
          {r.refunds.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </Card>
      <Card className={styles.section}>
        <h2 className={styles.heading}>Who can make one</h2>
        <ul className={styles.list} data-testid="access-rules">
          {r.access.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <p className={styles.note}>
          <Link to="/contests/create/contest-requirement">What you still need</Link>
        </p>
      </Card>
    </>
  )
}

function ChampionshipRules({ r }: { r: KindRules }) {
  return (
    <>
      {r.championship ? (
        <Card className={styles.section}>
          <h2 className={styles.heading}>Transfers</h2>
          <dl className={`${styles.facts} ${tiles.tiles}`} data-testid="championship-rules">
            <Fact label="Free per match" testId="free-transfers">
              {formatNumber(r.championship.free_transfers_per_match)}
            </Fact>
            <Fact label="Further ones cost" testId="paid-transfers">
              {r.championship.paid_transfer_fees.map((fee) => formatMoney(fee)).join(', then ')}
            </Fact>
          </dl>
        </Card>
      ) : null}
    </>
  )
}

function PrizeOptions({ c }: { c: KindRules['creation'] }) {
  return (
    <>
      {c.prize_options.length > 0 ? (
        <Card className={styles.section}>
          <h2 className={styles.heading}>
            Prize options
            <span className={styles.headingNote}> for {formatNumber(c.sample_members)} members</span>
          </h2>
          <div className={styles.options} data-testid="prize-options">
            {c.prize_options.map((o) => (
              <section key={o.key} className={styles.option} data-key={o.key}>
                <h3>
                  {o.label}{' '}
                  <span className={styles.optionWinners}>
                    {formatNumber(o.winners)} {o.winners === 1 ? 'winner' : 'winners'}
                  </span>
                </h3>
                <table className={styles.table}>
                  <tbody>
                    {o.prizes.map((p) => (
                      <tr key={p.from}>
                        <th scope="row"># {p.rank_text}</th>
                        <td>{p.percent}% of the pool</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </section>
            ))}
          </div>
          <p className={styles.note}>
            Or use one of your saved prizes, or your own rank ranges. Tied ranks share.
          </p>
        </Card>
      ) : null}
    </>
  )
}

function CreationCard({ c }: { c: KindRules['creation'] }) {
  return (
    <Card className={styles.section}>
      <h2 className={styles.heading}>Making a contest</h2>
      <dl className={`${styles.facts} ${tiles.tiles}`} data-testid="creation-rules">
        <Fact label="Members" testId="members-range">
          {`${formatNumber(c.members_min)}–${formatNumber(c.members_max)}`}
        </Fact>
        <Fact label="Entry fee" testId="entry-fee-max">
          {`₹0–${formatMoney(c.entry_fee_max)}`}
        </Fact>
        <Fact label="Free contests" testId="free-members-max">
          {`private, up to ${formatNumber(c.free_members_max)} members`}
        </Fact>
        <Fact label="Teams per player" testId="max-entries">
          {`up to ${formatNumber(c.max_entries_per_user)}`}
        </Fact>
        <Fact label="Open contests you own" testId="open-contests-max">
          {`up to ${formatNumber(c.open_contests_max)} at once`}
        </Fact>
        <Fact label="Platform fee" testId="rake-percent">
          {`${c.rake_percent}% of the entries`}
        </Fact>
      </dl>
      <p className={styles.note}>
        Prize pool = entry fee × members × (1 − {c.rake_percent}%). Prizes are a share of that pool, so they
        grow and shrink with it.
      </p>
    </Card>
  )
}
