import { Link } from 'react-router'
import { ButtonLink } from '../../components/Button'
import { createPath, type GameKind, rulesPath } from './api'
import styles from './rules.module.css'

/** One kind of contest: its name, what it is, its rules, and Create (or "opens later"). */
export function KindRow({ kind, compact }: { kind: GameKind; compact?: boolean }) {
  return (
    <li className={styles.kind} data-testid="game-kind" data-slug={kind.slug}>
      <span className={styles.kindText}>
        <strong>{kind.name}</strong>
        {compact ? null : <span className={styles.kindAbout}>{kind.description}</span>}
        <Link to={rulesPath(kind)} className={styles.kindRules}>
          Rules
        </Link>
      </span>
      {kind.available ? (
        <ButtonLink to={createPath(kind)} variant="secondary" small>
          Create
        </ButtonLink>
      ) : (
        <span className={styles.later}>Opens later</span>
      )}
    </li>
  )
}
