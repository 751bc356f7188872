import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { Link } from 'react-router'
import { Button } from '../../components/Button'
import { Card, EmptyState, Loading, PageHead } from '../../components/Common'
import { Alert, CodeField } from '../../components/Field'
import { fieldErrorsOf } from '../../components/form-errors'
import { TimeAgo } from '../../components/TimeAgo'
import { formatNumber } from '../../lib/format'
import { showSnackbar } from '../../lib/snackbar'
import { useSignedIn } from '../../lib/use-session'
import { applyReferralCode, type ReferralDetails, referralQuery } from './api'
import { HowItWorksLink } from './HowItWorksLink'
import styles from './rewards.module.css'

/** `/refer-and-earn`: my code and link to share, what it earned, and a friend's code to apply. */
export function ReferPage() {
  const details = useQuery(referralQuery)
  if (details.isPending) return <Loading />
  if (details.isError) return <Alert>{details.error.message}</Alert>
  const d = details.data
  return (
    <div className={styles.page} data-testid="refer-page">
      <PageHead title="Refer and earn" actions={<HowItWorksLink to="/refer-and-earn/learn" />} />
      <section className={styles.referHero}>
        <p>
          Invite friends to Fanspole. When they sign up with your code you both get{' '}
          <strong>{formatNumber(d.coins_per_referral)} coins</strong> and a scratch card.
        </p>
        <span className={styles.code} data-testid="referral-code">
          {d.reference}
        </span>
        <ShareButtons details={d} />
      </section>
      <div className={styles.totals}>
        <div>
          <span>Friends joined</span>
          <strong data-testid="referred-count">{formatNumber(d.referred_count)}</strong>
        </div>
        <div>
          <span>Coins earned</span>
          <strong data-testid="coins-earned">{formatNumber(d.coins_earned)}</strong>
        </div>
      </div>
      <section className={styles.section}>
        <h2 className={styles.sectionTitle}>Friends who joined</h2>
        {d.referred_users.length === 0 ? (
          <EmptyState title="No one yet">
            Share your code: the first friend earns you both a reward.
          </EmptyState>
        ) : (
          <ul className={styles.people}>
            {d.referred_users.map((u) => (
              <li key={u.slug}>
                <Link to={`/users/${encodeURIComponent(u.slug)}`}>
                  <strong>@{u.username}</strong>
                </Link>
                <span>
                  joined <TimeAgo atMs={u.joined_at_in_millis} />
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className={styles.section}>
        {d.referred_by ? (
          <p className={styles.muted}>
            You joined with{' '}
            <Link to={`/users/${encodeURIComponent(d.referred_by.slug)}`}>@{d.referred_by.username}</Link>
            &apos;s code.
          </p>
        ) : (
          <ApplyCode />
        )}
      </section>
    </div>
  )
}

function ShareButtons({ details }: { details: ReferralDetails }) {
  const [copied, setCopied] = useState<'code' | 'link' | null>(null)
  const copy = async (what: 'code' | 'link') => {
    try {
      await navigator.clipboard.writeText(what === 'code' ? details.reference : details.share_url)
      setCopied(what)
      window.setTimeout(() => setCopied(null), 2000)
    } catch {
      showSnackbar('Copying is blocked here; select the code and copy it by hand.', 'info')
    }
  }
  const share = async () => {
    const data = {
      title: 'Join me on Fanspole',
      text: `Sign up on Fanspole with my code ${details.reference} and we both get ${details.coins_per_referral} coins.`,
      url: details.share_url,
    }
    if (navigator.share) {
      try {
        await navigator.share(data)
      } catch {
        // The person closed the share sheet: nothing to do.
      }
    } else void copy('link')
  }
  return (
    <div className={styles.shareRow}>
      <Button variant="gold" small onClick={() => copy('code')} data-testid="copy-code">
        {copied === 'code' ? 'Copied' : 'Copy code'}
      </Button>
      <Button variant="secondary" small onClick={share} data-testid="share-link">
        {copied === 'link' ? 'Link copied' : 'Share link'}
      </Button>
    </div>
  )
}

/** For someone who signed up without a code: apply a friend's code once. */
function ApplyCode() {
  const client = useQueryClient()
  const [code, setCode] = useState('')
  const apply = useMutation({
    mutationFn: () => applyReferralCode(client, code.trim()),
    onSuccess: () => showSnackbar('Code applied: coins and a scratch card are yours.', 'info'),
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (code.trim()) apply.mutate()
  }
  const errors = fieldErrorsOf(apply.error).ref_code
  return (
    <Card>
      <h2 className={styles.sectionTitle}>Have a friend&apos;s code?</h2>
      <form onSubmit={submit} noValidate>
        <CodeField label="Referral code" name="ref_code" onCode={setCode} value={code} errors={errors} />
        <Button type="submit" variant="secondary" busy={apply.isPending} disabled={!code.trim()}>
          Apply code
        </Button>
      </form>
    </Card>
  )
}

/** `/refer-and-earn/learn`: the programme in three steps. */
export function ReferLearnPage() {
  const details = useQuery({ ...referralQuery, meta: { silent: true }, enabled: useSignedIn() })
  const coins = details.data?.coins_per_referral
  return (
    <div className={styles.page} data-testid="refer-learn">
      <PageHead title="How refer and earn works" />
      <ol className={styles.steps}>
        <li>
          <strong>Share your code</strong>
          <span>
            Copy your referral code or share your link from <Link to="/refer-and-earn">Refer and earn</Link>.
          </span>
        </li>
        <li>
          <strong>Your friend signs up with it</strong>
          <span>
            The code goes in the sign-up form (the link fills it in). Someone who already signed up without a
            code can still enter one once, on the Refer and earn page.
          </span>
        </li>
        <li>
          <strong>You both get rewarded</strong>
          <span>
            {coins ? `${formatNumber(coins)} coins` : 'Coins'} each, straight to your coin balance, and a
            scratch card each with a chance of cash or more coins.
          </span>
        </li>
      </ol>
      <Card>
        <h2 className={styles.sectionTitle}>The fine print</h2>
        <ul className={styles.fine}>
          <li>A friend can be referred once, and you cannot use your own code.</li>
          <li>Coins pay auction entry charges; they are not cash and cannot be withdrawn.</li>
          <li>Cash from a scratch card goes to your unused balance and pays contest entry fees.</li>
        </ul>
      </Card>
    </div>
  )
}
