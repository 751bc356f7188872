import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { ButtonLink } from '../../components/Button'
import { Card, Loading, PageHead } from '../../components/Common'
import { Alert } from '../../components/Field'
import { accessQuery, type Requirement } from './api'
import styles from './create.module.css'

/** Where a player goes to meet each requirement. */
const FIX: Record<Requirement['key'], { to: string; label: string } | null> = {
  mobile_verified: { to: '/wallet/verify-mobile', label: 'Verify your mobile' },
  paid_contest_completed: { to: '/popular/contests', label: 'Find a paid contest' },
  admin_grant: null,
  open_contests_cap: { to: '/my-contests', label: 'See your contests' },
}

type Variant = 'get-access' | 'out-of-access' | 'contest-requirement'
const TITLES: Record<Variant, { title: string; subtitle: string }> = {
  'get-access': {
    title: 'Get access to create contests',
    subtitle: 'Free private contests are for everyone; paid and public ones need a little history.',
  },
  'out-of-access': {
    title: 'You cannot create this contest yet',
    subtitle: 'Here is what is still missing.',
  },
  'contest-requirement': {
    title: 'Contest requirements',
    subtitle: 'What creating a contest needs, and where you stand.',
  },
}

/**
 * `/contests/create/get-access`, `/out-of-access`, `/contest-requirement`: the access rule
 * (docs/contest-creation.md) as the server applies it to this player, with a way to each
 * requirement still missing.
 */
export function AccessPage({ variant }: { variant: Variant }) {
  const paid = useQuery(accessQuery(1, false))
  const free = useQuery(accessQuery(0, true))
  const head = TITLES[variant]
  return (
    <div className={styles.page} data-testid={`access-page-${variant}`}>
      <PageHead title={head.title} subtitle={head.subtitle} />
      {paid.isPending || free.isPending ? <Loading /> : null}
      {paid.isError ? <Alert>{paid.error.message}</Alert> : null}
      {free.data && paid.data ? (
        <>
          <Card className={styles.accessCard}>
            <h2 className={styles.cardTitle}>The rule</h2>
            <ul className={styles.rule}>
              <li>A free (₹0) private contest: anyone signed in.</li>
              <li>
                A paid or public contest: a verified mobile and a paid contest you have played to the end, or
                access given by the Fanspole team.
              </li>
              <li>
                Everyone: at most {paid.data.max_open_owned} open contests of your own at once (you own{' '}
                {paid.data.open_owned}).
              </li>
            </ul>
          </Card>
          <Card className={styles.accessCard}>
            <h2 className={styles.cardTitle}>Where you stand</h2>
            <p data-testid="access-verdict">
              {paid.data.allowed
                ? 'You can create free and paid contests.'
                : free.data.allowed
                  ? 'You can create free private contests; paid and public ones need what is below.'
                  : 'You cannot create contests right now.'}
            </p>
            <ul className={styles.requirements} data-testid="requirements">
              {paid.data.requirements.map((r) => (
                <li key={r.key} data-met={r.met} data-key={r.key}>
                  <span aria-hidden="true">{r.met ? '✓' : '✗'}</span>
                  <span>
                    {r.message}
                    {!r.met && FIX[r.key] ? (
                      <>
                        {' '}
                        <Link to={FIX[r.key]?.to ?? '/'}>{FIX[r.key]?.label}</Link>
                      </>
                    ) : null}
                  </span>
                </li>
              ))}
            </ul>
          </Card>
          {free.data.allowed ? (
            <ButtonLink to="/contests/create" block>
              Create a contest
            </ButtonLink>
          ) : null}
        </>
      ) : null}
    </div>
  )
}

export const GetAccessPage = () => <AccessPage variant="get-access" />
export const OutOfAccessPage = () => <AccessPage variant="out-of-access" />
export const ContestRequirementPage = () => <AccessPage variant="contest-requirement" />
