import { useState } from 'react'
import { Link } from 'react-router'
import { Button, ButtonLink } from '../../components/Button'
import { Card, Loading } from '../../components/Common'
import { Alert } from '../../components/Field'
import { ProfileIdentity } from '../../components/ProfileIdentity'
import hero from '../../components/profile-hero.module.css'
import { formatMoney, formatNumber } from '../../lib/format'
import { type Me, useMe } from '../../lib/me'
import { usePageTitle } from '../../lib/page-title'
import { showSnackbar } from '../../lib/snackbar'
import styles from './profile.module.css'

/** GET /api/me: who you are, your level, your money and your record. */
export function ProfilePage() {
  usePageTitle('My Profile')
  const me = useMe()
  if (me.isPending) return <Loading />
  if (me.isError) return <Alert>{me.error.message}</Alert>
  const user = me.data
  return (
    <div data-testid="profile">
      <Hero user={user} />

      {!user.email_verified ? (
        <div className={styles.section}>
          <Alert tone="info">
            Please verify {user.email}: open the link in the mail we sent you, so that password resets and
            notices reach you.
          </Alert>
        </div>
      ) : null}

      <Card className={styles.section}>
        <LevelProgress user={user} />
      </Card>

      <Balances user={user} />

      <Stats user={user} />

      <SeriesRanks user={user} />

      <Card className={styles.section}>
        <h2 className={styles.sectionTitle}>Refer and earn</h2>
        <p className={styles.muted}>
          Friends who sign up with your code earn you both 50 coins and a scratch card.
        </p>
        <ReferralCode code={user.reference} />
      </Card>
    </div>
  )
}

function LevelProgress({ user }: { user: Me }) {
  const { cricket_level: level, next_level: next } = user
  const span = Math.max(1, next.min_xp - level.min_xp)
  const done = Math.min(span, Math.max(0, level.xp_points - level.min_xp))
  const percent = Math.round((done / span) * 100)
  return (
    <>
      <div className={styles.levelRow}>
        <span>
          <span className={styles.levelBadge}>Level {level.level}</span>
          <span className={styles.levelName}>{level.level_name}</span>
        </span>
        <span className={styles.xp}>{formatNumber(level.xp_points)} XP</span>
      </div>
      <div
        className={styles.bar}
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-label="Progress to the next level"
      >
        <div className={styles.barFill} style={{ width: `${Math.max(percent, 2)}%` }} />
      </div>
      <div className={styles.barCaption}>
        {formatNumber(next.min_xp - level.xp_points)} XP to Level {next.level} ({next.level_name})
      </div>
    </>
  )
}

function ReferralCode({ code }: { code: string }) {
  const [copied, setCopied] = useState(false)
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code)
      setCopied(true)
      window.setTimeout(() => setCopied(false), 2000)
    } catch {
      showSnackbar('Copying is blocked here; select the code and copy it by hand.', 'info')
    }
  }
  return (
    <div className={styles.referral}>
      <span className={styles.code} data-testid="referral-code">
        {code}
      </span>
      <Button variant="gold" small onClick={copy}>
        {copied ? 'Copied' : 'Copy code'}
      </Button>
    </div>
  )
}

/** The player's points and rank in each series they played. */
function SeriesRanks({ user }: { user: Me }) {
  return (
    <>
      {user.user_points.length > 0 ? (
        <Card className={styles.section}>
          <h2 className={styles.sectionTitle}>Series ranks</h2>
          <table className={styles.series}>
            <thead>
              <tr>
                <th>Series</th>
                <th className={styles.num}>Points</th>
                <th className={styles.num}>Rank</th>
              </tr>
            </thead>
            <tbody>
              {user.user_points.map((row) => (
                <tr key={row.series}>
                  <td>{row.series}</td>
                  <td className={styles.num}>{formatNumber(row.total_score)}</td>
                  <td className={styles.num}>#{formatNumber(row.rank)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
      ) : null}
    </>
  )
}

function Stats({ user }: { user: Me }) {
  return (
    <div className={styles.section}>
      <h2 className={styles.sectionTitle}>Stats</h2>
      <div className={styles.stats}>
        <Stat label="Teams created" value={formatNumber(user.stats.total_teams)} />
        <Stat label="Contests joined" value={formatNumber(user.stats.total_leagues)} />
        <Stat label="Total winnings" value={formatMoney(user.stats.total_winnings)} />
        <Stat label="Favourite captain" value={user.stats.most_selected_captain ?? '—'} />
      </div>
    </div>
  )
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className={styles.stat}>
      <strong>{value}</strong>
      <span>{label}</span>
    </div>
  )
}

function Balances({ user }: { user: Me }) {
  return (
    <div className={styles.section}>
      <h2 className={styles.sectionTitle}>Balance</h2>
      <div className={styles.balances}>
        <Balance label="Current" value={formatMoney(user.current_balance)} main testId="current-balance" />
        <Balance label="Unused" value={formatMoney(user.unused_balance)} />
        <Balance label="Winnings" value={formatMoney(user.winning_balance)} testId="winning-balance" />
        <Balance label="Coins" value={formatNumber(user.coin_balance)} />
      </div>
    </div>
  )
}

function Balance({
  label,
  value,
  main,
  testId,
}: {
  label: string
  value: string
  main?: boolean
  testId?: string
}) {
  return (
    <div className={main ? `${styles.balance} ${styles.balanceMain}` : styles.balance}>
      <span>{label}</span>
      <strong data-testid={testId}>{value}</strong>
    </div>
  )
}

function Hero({ user }: { user: Me }) {
  return (
    <section className={styles.hero}>
      <ProfileIdentity user={user} />
      {user.about_me ? <p className={hero.about}>{user.about_me}</p> : null}
      <div className={styles.follows}>
        <Link to={`/users/${encodeURIComponent(user.slug)}/followers`} data-testid="my-followers-link">
          <strong>{formatNumber(user.follower_count)}</strong>
          <span>Followers</span>
        </Link>
        <Link to={`/users/${encodeURIComponent(user.slug)}/followings`} data-testid="my-followings-link">
          <strong>{formatNumber(user.following_count)}</strong>
          <span>Following</span>
        </Link>
        <div>
          <strong>{formatNumber(user.contests_count)}</strong>
          <span>Contests</span>
        </div>
      </div>
      <div className={styles.heroActions}>
        <ButtonLink to="/profile/settings" variant="secondary" small>
          Edit profile
        </ButtonLink>
        <ButtonLink to={`/users/${encodeURIComponent(user.slug)}`} variant="ghost" small>
          Public profile
        </ButtonLink>
      </div>
    </section>
  )
}
