import { type FormEvent, useEffect, useRef, useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { Button, ButtonLink } from '../../components/Button'
import { Logo } from '../../components/Logo'
import { usePageTitle } from '../../lib/page-title'
import { HOME_PATH } from '../../lib/paths'
import { useSignedIn } from '../../lib/use-session'
import { WaitlistForm } from '../people'
import styles from './landing.module.css'

const MODES = [
  {
    id: 'daily',
    name: 'Daily fantasy',
    tag: 'One match, one night',
    to: '/contests',
    cta: 'See the matches',
    steps: [
      ['Select a match', 'Cricket, football, F1 or esports: pick any upcoming match.'],
      [
        'Create your team',
        'Eleven players within 100 credits. Your captain scores 2×, the vice-captain 1.5×.',
      ],
      [
        'Join contests',
        'Free and cash contests, from head-to-head to mega leagues. Points update ball by ball.',
      ],
    ],
  },
  {
    id: 'championship',
    name: 'Championship',
    tag: 'A whole series',
    to: '/championship',
    cta: 'See the championships',
    steps: [
      ['Build a tournament team', 'One team for the series phase, scored in every match it plays.'],
      [
        'Transfer between matches',
        'Two free transfers per match that carry forward, plus up to two paid ones.',
      ],
      ['Win tournament prizes', 'Top the phase leaderboard and take the big prizes at the end.'],
    ],
  },
  {
    id: 'auction',
    name: 'Auction',
    tag: 'Be the franchise owner',
    to: '/auctions',
    cta: 'Go to auctions',
    steps: [
      ['Create or join an auction', 'Invite friends with a code; each picks a franchise name and colours.'],
      ['Bid, win, release', 'Live open rounds and sealed rounds, with a purse of 1,70,000 credits.'],
      ['Own your squad', 'A player belongs to only one team. Your squad scores all season long.'],
    ],
  },
] as const

const SPORTS = ['Cricket', 'Football', 'F1', 'PUBG', 'Free Fire', 'Call of Duty']

/** The pitch: what Fanspole is, the three ways to play, and the way in. */
export function LandingPage() {
  usePageTitle('Fantasy cricket with friends')
  const signedIn = useSignedIn()
  return (
    <div className={styles.page}>
      <header className={styles.top}>
        <Logo className={styles.logo} />
        {signedIn ? (
          <Link to={HOME_PATH} className={styles.topLink}>
            MY PROFILE
          </Link>
        ) : (
          <Link to="/login" className={styles.topLink}>
            LOG IN
          </Link>
        )}
      </header>

      <Hero signedIn={signedIn} />

      <Modes />

      <Trust />

      <section className={styles.waitlist} aria-label="Waitlist">
        <div>
          <h2 className={styles.modeName}>Get the app first</h2>
          <p className={styles.modeTag}>
            Join the waitlist for the app and new games. Bringing friends?{' '}
            <Link to="/fanspole-partner-program">See the partner program</Link>.
          </p>
        </div>
        <WaitlistForm />
      </section>

      <LandingFooter />
    </div>
  )
}

function ReferralPrompt() {
  const [open, setOpen] = useState(false)
  const [code, setCode] = useState('')
  const navigate = useNavigate()
  const input = useRef<HTMLInputElement>(null)
  // The field appears because the visitor asked for it, so it takes the focus.
  useEffect(() => {
    if (open) input.current?.focus()
  }, [open])
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const clean = code.trim()
    navigate(clean ? `/signup?ref=${encodeURIComponent(clean)}` : '/signup')
  }
  if (!open)
    return (
      <p className={styles.referral}>
        Have a Referral Code?{' '}
        <button type="button" className={styles.linkButton} onClick={() => setOpen(true)}>
          Click here
        </button>
      </p>
    )
  return (
    <form className={styles.referralForm} onSubmit={submit}>
      <input
        className={styles.referralInput}
        value={code}
        onChange={(e) => setCode(e.target.value.toUpperCase())}
        placeholder="Referral code"
        aria-label="Referral code"
        spellCheck={false}
        ref={input}
      />
      <Button type="submit" small>
        Apply
      </Button>
    </form>
  )
}

function LandingFooter() {
  return (
    <footer className={styles.footer}>
      <nav>
        <Link to="/point-system">Point System</Link>
        <Link to="/help">Help</Link>
        <Link to="/leaderboards">Leaderboards</Link>
        <Link to="/fanspole-partner-program">Partners</Link>
        <Link to="/about-us">About Us</Link>
        <Link to="/terms-and-conditions">Terms</Link>
        <Link to="/privacy-policy">Privacy</Link>
        <Link to="/android-app">Get the app</Link>
      </nav>
      <p>
        Fanspole Local runs entirely on this computer: payments go through a simulated gateway and no real
        money moves.
      </p>
    </footer>
  )
}

function Trust() {
  return (
    <section className={styles.trust}>
      <div>
        <strong>Skill, not luck</strong>
        <span>Fantasy sports reward knowledge of the game, and scoring rules are public.</span>
      </div>
      <div>
        <strong>Your money, double-entry</strong>
        <span>Every rupee moves through a ledger that always balances. Winnings are yours to withdraw.</span>
      </div>
      <div>
        <strong>18+ and fair play</strong>
        <span>Paid contests are for adults outside Assam, Odisha, Telangana, Nagaland and Sikkim.</span>
      </div>
    </section>
  )
}

function Modes() {
  return (
    <section className={styles.modes} aria-label="Ways to play">
      {MODES.map((mode, index) => (
        <article key={mode.id} className={styles.mode} data-mode={mode.id}>
          <div className={styles.modeHead}>
            <span className={styles.modeIndex}>0{index + 1}</span>
            <div>
              <h2 className={styles.modeName}>{mode.name}</h2>
              <p className={styles.modeTag}>{mode.tag}</p>
            </div>
          </div>
          <ol className={styles.steps}>
            {mode.steps.map(([title, text], step) => (
              <li key={title}>
                <span className={styles.stepNo}>{step + 1}</span>
                <span>
                  <strong>{title}</strong>
                  <span>{text}</span>
                </span>
              </li>
            ))}
          </ol>
          <Link to={mode.to} className={styles.modeLink} data-testid={`mode-link-${mode.id}`}>
            {mode.cta} →
          </Link>
        </article>
      ))}
    </section>
  )
}

function Hero({ signedIn }: { signedIn: boolean }) {
  return (
    <section className={styles.hero}>
      <p className={styles.kicker}>Fantasy sports · Championships · Player auctions</p>
      <h1 className={styles.headline}>
        PLAY FANTASY SPORTS.
        <br />
        <span>WIN CASH DAILY!</span>
      </h1>
      <p className={styles.lead}>
        Pick real players, make the big captaincy call and beat your friends on the leaderboard, match after
        match.
      </p>
      <div className={styles.cta}>
        {signedIn ? (
          <ButtonLink to={HOME_PATH} variant="gold">
            Continue playing
          </ButtonLink>
        ) : (
          <ButtonLink to="/signup" variant="gold" data-testid="lets-play">
            Let's play
          </ButtonLink>
        )}
      </div>
      {signedIn ? null : <ReferralPrompt />}
      {signedIn ? null : (
        <p className={styles.login}>
          Already have an account? <Link to="/login">Log In</Link>
        </p>
      )}
      <ul className={styles.sports} aria-label="Sports">
        {SPORTS.map((sport) => (
          <li key={sport}>{sport}</li>
        ))}
      </ul>
    </section>
  )
}
