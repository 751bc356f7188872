import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { Button } from '../../components/Button'
import { Card } from '../../components/Common'
import { Alert } from '../../components/Field'
import { FindCodeForm } from '../../components/FindCodeForm'
import cards from '../../components/link-cards.module.css'
import { ApiError } from '../../lib/api'
import { byCodeQuery, type Gang, joinByCode, scopeOf, webBase } from './api'
import styles from './gangs.module.css'

/**
 * Join by code: find the gang the code names, then join it (public) or ask to (private). A
 * gang I am already in links to its page.
 */
export function JoinByCode({ initialCode = '' }: { initialCode?: string }) {
  const [code, setCode] = useState(initialCode.trim().toUpperCase())
  const found = useQuery({ ...byCodeQuery(code), enabled: code.length > 0, meta: { silent: true } })
  const notFound = found.error instanceof ApiError && found.error.status === 404
  return (
    <Card>
      <FindCodeForm
        label="Gang code"
        placeholder="e.g. K7QX2M9A"
        initialCode={initialCode}
        onFind={setCode}
        className={styles.row}
        testId="join-gang-form"
        findTestId="find-gang"
      />
      {notFound ? <Alert>No gang has the code {code}. Check it with the gang’s manager.</Alert> : null}
      {found.isError && !notFound ? <Alert>{found.error.message}</Alert> : null}
      {found.data ? <FoundGang gang={found.data} code={code} /> : null}
    </Card>
  )
}

function FoundGang({ gang, code }: { gang: Gang; code: string }) {
  const client = useQueryClient()
  const navigate = useNavigate()
  const status = gang.current_user_data?.status ?? null
  const join = useMutation({
    mutationFn: () => joinByCode(code, !gang.is_public),
    onSuccess: (joined) => {
      client.setQueryData(byCodeQuery(code).queryKey, joined)
      void client.invalidateQueries({ queryKey: ['gangs', scopeOf(joined).kind, scopeOf(joined).id] })
      if (joined.current_user_data?.status === 'member') navigate(`${webBase(scopeOf(joined))}/${joined.id}`)
    },
  })
  const where = gang.series_phase ? `${gang.series.name} · ${gang.series_phase.name}` : gang.series.name
  return (
    <div data-testid="found-gang">
      <p className={cards.name}>
        {gang.name}
        {gang.is_public ? '' : ' (private)'}
      </p>
      <p className={styles.motto}>
        {where} · managed by {gang.user.team_name ?? gang.user.display_name} · {gang.league_members_count}{' '}
        members
      </p>
      <div className={styles.actions}>
        {status === 'member' ? (
          <Button variant="secondary" onClick={() => navigate(`${webBase(scopeOf(gang))}/${gang.id}`)}>
            You are in: open the gang
          </Button>
        ) : status === 'pending' ? (
          <Alert tone="notice">Your request is waiting for the gang’s manager.</Alert>
        ) : (
          <Button busy={join.isPending} onClick={() => join.mutate()} data-testid="join-gang">
            {gang.is_public ? 'Join gang' : 'Ask to join'}
          </Button>
        )}
      </div>
    </div>
  )
}
