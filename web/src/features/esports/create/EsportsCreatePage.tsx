import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { ESPORTS_KINDS, type EsportsKind } from '../../../../../server/domain/esports/rules'
import type { GameKind } from '../../../../../server/domain/game-kinds'
import { Button } from '../../../components/Button'
import { Card, PageHead } from '../../../components/Common'
import { Alert, FieldErrors } from '../../../components/Field'
import { fieldErrorsOf, unplacedError } from '../../../components/form-errors'
import { ApiError } from '../../../lib/api'
import { esportsAccessQuery } from './api'
import { AccessNotice, MoneyFields, RoomFields, TimingFields } from './EsportsCreateFields'
import styles from './esports.module.css'
import { useEsportsCreate } from './use-esports-create'

const SHOWN = [
  'mode',
  'name',
  'description',
  'map',
  'slots',
  'entry_fee',
  'per_kill',
  'prize_option',
  'prize_ranges',
  'min_level',
  'starts_at',
  'starts_in_minutes',
  'reveal_minutes',
  'is_private',
]

/**
 * `/contests/create/{pubg, pubg-lite, pubg-single-match, free-fire, call-of-duty}`: host a
 * custom room. The host needs a verified game account (GET /api/esports/access says what is
 * missing); on success the contest's page opens.
 */
export function EsportsCreatePage({ kind }: { kind: GameKind }) {
  const slug = kind.slug as EsportsKind
  const info = ESPORTS_KINDS[slug]
  const access = useQuery(esportsAccessQuery(slug))
  const state = useEsportsCreate(slug)
  const { paid, create, submit } = state
  const errors = fieldErrorsOf(create.error)
  const unplaced = unplacedError(create.error, SHOWN)
  const a = access.data
  // A free room is always private, so only a paid one needs the paid access.
  const needsPaidAccess = paid
  const blocked = a ? !a.free_allowed || (needsPaidAccess ? !a.paid_allowed : false) : false

  return (
    <div className={styles.page} data-testid="esports-create-page" data-kind={slug}>
      <PageHead
        title={`Host a ${info.name} contest`}
        subtitle={
          <>
            {info.description} <Link to={`/contests/rules/${slug}`}>Rules</Link>
          </>
        }
      />
      <AccessNotice slug={slug} access={access} />
      <Card>
        <form className={styles.form} onSubmit={submit} noValidate data-testid="esports-create-form">
          {unplaced ? <Alert>{unplaced}</Alert> : null}
          <RoomFields slug={slug} state={state} errors={errors} />
          <MoneyFields slug={slug} state={state} errors={errors} />
          <TimingFields state={state} errors={errors} />
          <FieldErrors errors={errors.is_private} />
          {create.error instanceof ApiError && create.error.status !== 422 ? (
            <Alert>
              <span data-testid="esports-create-refused">{create.error.message}</span>{' '}
              {create.error.status === 403 ? (
                <Link to={`/contests/create/pubg-contest-requirement?kind=${slug}`}>What is needed</Link>
              ) : null}
            </Alert>
          ) : null}
          {blocked && a?.free_allowed ? (
            <p className={styles.muted}>
              A paid or public room needs contest creation access.{' '}
              <Link to={`/contests/create/pubg-get-access?kind=${slug}`}>Ask the admins</Link>
            </p>
          ) : null}
          <Button type="submit" block busy={create.isPending} data-testid="esports-create-submit">
            Create contest
          </Button>
        </form>
      </Card>
    </div>
  )
}
