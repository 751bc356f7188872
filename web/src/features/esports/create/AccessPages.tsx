import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { ESPORTS_KINDS, type EsportsKind, isEsportsKind } from '../../../../../server/domain/esports/rules'
import { Button, ButtonLink } from '../../../components/Button'
import { Card, Loading, PageHead } from '../../../components/Common'
import { Alert, TextAreaField } from '../../../components/Field'
import { ApiError } from '../../../lib/api'
import { esportsAccessQuery, requestHostAccess } from './api'
import styles from './esports.module.css'

const kindOf = (search: URLSearchParams): EsportsKind => {
  const k = search.get('kind') ?? 'pubg'
  return isEsportsKind(k) ? k : 'pubg'
}

/** Where each requirement is met. */
const WHERE: Record<string, { to: string; label: string }> = {
  game_account_verified: { to: '/profile/settings', label: 'Add or fix your game account' },
  game_level: { to: '/profile/settings', label: 'Update your game level' },
  mobile_verified: { to: '/profile/settings', label: 'Verify your mobile' },
  paid_contest_completed: { to: '/', label: 'Find a paid contest' },
  admin_grant: { to: '/contests/create/pubg-get-access', label: 'Ask the admins' },
  hosted_open_cap: { to: '/pubg/contests', label: 'See your rooms' },
}

/** `/contests/create/pubg-contest-requirement`: what the player still lacks to host, live. */
export function EsportsRequirementPage() {
  const [search] = useSearchParams()
  const kind = kindOf(search)
  const access = useQuery(esportsAccessQuery(kind))
  const name = ESPORTS_KINDS[kind].name
  return (
    <div className={styles.page} data-testid="esports-requirement-page">
      <PageHead title={`${name} contest requirements`} subtitle="What you need to host esports rooms." />
      {access.isPending ? (
        <Loading />
      ) : access.isError ? (
        <Alert>{access.error.message}</Alert>
      ) : (
        <Card>
          <p data-testid="esports-access-summary">
            {access.data.paid_allowed
              ? `You may host free and paid ${name} rooms.`
              : access.data.free_allowed
                ? `You may host free private ${name} rooms. Paid or public rooms need one more step.`
                : `You cannot host ${name} rooms yet.`}
          </p>
          <ul className={styles.requirements}>
            {access.data.requirements.map((r) => {
              const where = WHERE[r.key]
              return (
                <li key={r.key} className={styles.requirement} data-key={r.key} data-met={r.met}>
                  <span className={r.met ? styles.met : styles.unmet} aria-hidden="true">
                    {r.met ? '✓' : '✗'}
                  </span>
                  <span>
                    {r.message}
                    {!r.met && where ? (
                      <>
                        {' · '}
                        <Link to={where.to.includes('get-access') ? `${where.to}?kind=${kind}` : where.to}>
                          {where.label}
                        </Link>
                      </>
                    ) : null}
                  </span>
                </li>
              )
            })}
          </ul>
          <p className={styles.muted}>
            Paid or public rooms need a verified mobile and a paid contest played to its result — or an
            admin’s grant.
          </p>
          {access.data.free_allowed ? (
            <ButtonLink to={`/contests/create/${kind}`} block>
              Host a {name} contest
            </ButtonLink>
          ) : null}
        </Card>
      )}
    </div>
  )
}

/** `/contests/create/pubg-get-access`: ask the admins for host access (POST /api/pubgs/access). */
export function EsportsGetAccessPage() {
  const [search] = useSearchParams()
  const kind = kindOf(search)
  const name = ESPORTS_KINDS[kind].name
  const client = useQueryClient()
  const access = useQuery(esportsAccessQuery(kind))
  const [message, setMessage] = useState('')
  const ask = useMutation({
    mutationFn: () => requestHostAccess(kind, message.trim()),
    meta: { silent: true },
    onSuccess: () => void client.invalidateQueries({ queryKey: ['esports-access'] }),
  })
  const error = ask.error instanceof ApiError ? ask.error : null
  return (
    <div className={styles.page} data-testid="esports-get-access-page">
      <PageHead
        title={`Get access to ${name} contests`}
        subtitle="Ask the admins to let you host paid rooms."
      />
      <Card>
        {access.isPending ? (
          <Loading />
        ) : access.isError ? (
          <Alert>{access.error.message}</Alert>
        ) : access.data.paid_allowed || error?.status === 409 ? (
          <p data-testid="access-state" data-state="allowed">
            You may host {name} contests already. <Link to={`/contests/create/${kind}`}>Host one</Link>
          </p>
        ) : ask.isSuccess ? (
          <p data-testid="access-state" data-state="sent">
            Your request went to the admins. You will get a notification when they answer.
          </p>
        ) : error?.status === 429 ? (
          <p data-testid="access-state" data-state="recent">
            You asked within the last 24 hours; the admins have your request. Try again tomorrow.
          </p>
        ) : (
          <form
            className={styles.form}
            onSubmit={(e) => {
              e.preventDefault()
              ask.mutate()
            }}
          >
            <p>
              The admins see your request with a link to your profile. What you still lack:{' '}
              <Link to={`/contests/create/pubg-contest-requirement?kind=${kind}`}>requirements</Link>.
            </p>
            <TextAreaField
              label="Message to the admins (optional)"
              value={message}
              onChange={(e) => setMessage(e.target.value)}
              errors={error?.status === 422 ? error.fields.message : undefined}
              rows={3}
              maxLength={500}
            />
            {error && error.status !== 422 ? <Alert>{error.message}</Alert> : null}
            <Button type="submit" block busy={ask.isPending} data-testid="request-access">
              Ask for access
            </Button>
          </form>
        )}
      </Card>
    </div>
  )
}
