import { Button, ButtonLink } from '../../components/Button'
import { Card } from '../../components/Common'
import { showSnackbar } from '../../lib/snackbar'
import styles from './create.module.css'

async function copy(text: string, what: string) {
  try {
    await navigator.clipboard.writeText(text)
    showSnackbar(`${what} copied.`, 'info')
  } catch {
    showSnackbar(`Could not copy; select the ${what.toLowerCase()} and copy it yourself.`)
  }
}

/** The code a link's `?code=` carries, for answers that give only the link. */
export function codeOfLink(link: string | null): string | null {
  if (!link) return null
  return new URL(link, 'http://x').searchParams.get('code')
}

/** After creating: the invite code and link to share (COPY each), and the way to the contest. */
export function CreatedPanel({
  name,
  code,
  link,
  to,
}: {
  name: string
  code: string | null
  link: string | null
  to: string
}) {
  const full = link ? `${window.location.origin}${link}` : null
  return (
    <Card className={styles.created}>
      <div data-testid="contest-created">
        <h2 className={styles.cardTitle}>{name} is ready</h2>
        <p className={styles.muted}>
          You are in. Send your friends the code (they type it under “Enter contest code”) or the link.
        </p>
        {code ? (
          <div className={styles.codeRow}>
            <code className={styles.code} data-testid="invite-code">
              {code}
            </code>
            <Button small variant="secondary" onClick={() => void copy(code, 'Code')} data-testid="copy-code">
              Copy
            </Button>
          </div>
        ) : null}
        {full ? (
          <div className={styles.codeRow}>
            <a className={styles.link} href={full} data-testid="invite-link">
              {full}
            </a>
            <Button small variant="secondary" onClick={() => void copy(full, 'Link')} data-testid="copy-link">
              Copy link
            </Button>
          </div>
        ) : null}
        <ButtonLink to={to} block data-testid="go-to-contest">
          Go to the contest
        </ButtonLink>
      </div>
    </Card>
  )
}
