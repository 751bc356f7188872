import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { Card, Loading, PageHead } from '../../components/Common'
import { Alert } from '../../components/Field'
import { formatNumber } from '../../lib/format'
import { useSignedIn } from '../../lib/use-session'
import { FeedbackForm, WaitlistForm } from './forms'
import { partnerProgramQuery } from './other-api'
import styles from './people.module.css'

/**
 * `/fanspole-partner-program`: what partners earn (GET /api/partner_program), my code and
 * how many joined with it when signed in, the waitlist and a feedback form.
 */
export function PartnerProgramPage() {
  const signedIn = useSignedIn()
  const program = useQuery(partnerProgramQuery(signedIn))
  return (
    <div data-testid="partner-program">
      <PageHead
        title={program.data?.name ?? 'Fanspole Partner Program'}
        subtitle="Bring players to Fanspole and share in what they play"
      />
      {program.isPending ? (
        <Loading />
      ) : program.isError ? (
        <Alert>{program.error.message}</Alert>
      ) : (
        <div className={styles.twoColumns}>
          <Card>
            <h2 className={styles.sectionTitle}>What partners get</h2>
            <ul className={styles.bullets} data-testid="partner-benefits">
              {program.data.benefits.map((b) => (
                <li key={b}>{b}</li>
              ))}
            </ul>
            <h2 className={`${styles.sectionTitle} ${styles.spaced}`}>How it works</h2>
            <ol className={styles.bullets}>
              {program.data.steps.map((s) => (
                <li key={s}>{s}</li>
              ))}
            </ol>
            <p className={`${styles.muted} ${styles.section}`}>
              Questions? Write to{' '}
              <a href={`mailto:${program.data.contact_email}`}>{program.data.contact_email}</a>. The
              commission is described here; payouts start with a later release.
            </p>
          </Card>
          <Card>
            <h2 className={styles.sectionTitle}>Your partner code</h2>
            {program.data.referral_code ? (
              <>
                <p className={styles.code} data-testid="partner-code">
                  {program.data.referral_code}
                </p>
                <p className={styles.muted}>
                  {formatNumber(program.data.referred_users ?? 0)} signed up with it.{' '}
                  <Link to="/refer-and-earn">Share it</Link>
                </p>
              </>
            ) : (
              <p className={styles.muted}>
                <Link to="/signup">Sign up</Link> or <Link to="/login">log in</Link> to get your code.
              </p>
            )}
          </Card>
          <Card>
            <h2 className={styles.sectionTitle}>Waitlist</h2>
            <WaitlistForm />
          </Card>
          <Card>
            <h2 className={styles.sectionTitle}>Feedback</h2>
            <FeedbackForm />
          </Card>
        </div>
      )}
    </div>
  )
}
