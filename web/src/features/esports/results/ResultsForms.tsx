import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Button } from '../../../components/Button'
import { Card } from '../../../components/Common'
import { Alert, FieldErrors, TextAreaField } from '../../../components/Field'
import { fieldErrorsOf } from '../../../components/form-errors'
import { ApiError } from '../../../lib/api'
import {
  disputeResults,
  type EsportsResults,
  enterResults,
  type ResultRow,
  type ResultsSheet,
  resultsQuery,
  sheetQuery,
} from './api'
import styles from './results.module.css'

import { ordinal } from './Standings'

export function ResultsForm({
  sheet,
  current,
  onCancel,
  onSaved,
}: {
  sheet: ResultsSheet
  current?: EsportsResults
  onCancel?: () => void
  onSaved: () => void
}) {
  const client = useQueryClient()
  const id = sheet.contest.id
  const n = sheet.squads.length
  const start = (squadId: number) => current?.standings.find((s) => s.squad.id === squadId)
  const [rows, setRows] = useState<Array<{ placement: string; kills: string }>>(() =>
    sheet.squads.map((s) => ({
      placement: start(s.id) ? String(start(s.id)?.placement) : '',
      kills: start(s.id) ? String(start(s.id)?.kills) : '0',
    })),
  )
  const [note, setNote] = useState('')
  const save = useMutation({
    mutationFn: (body: { results: ResultRow[]; note?: string } | { simulate: true }) =>
      enterResults(id, body),
    meta: { silent: true },
    onSuccess: async (answer) => {
      client.setQueryData(resultsQuery(id).queryKey, answer)
      await client.invalidateQueries({ queryKey: sheetQuery(id).queryKey })
      onSaved()
    },
  })
  const fields = fieldErrorsOf(save.error)
  const general =
    save.error instanceof ApiError && save.error.status !== 422
      ? save.error.message
      : fields.results?.join(' ')
  const submit = () =>
    save.mutate({
      results: sheet.squads.map((s, i) => ({
        squad_id: s.id,
        placement: Number(rows[i]?.placement || 0),
        kills: Number(rows[i]?.kills || 0),
      })),
      ...(note.trim() ? { note: note.trim() } : {}),
    })
  const set = (i: number, key: 'placement' | 'kills', value: string) =>
    setRows((old) => old.map((r, k) => (k === i ? { ...r, [key]: value } : r)))

  return (
    <Card>
      <h2 className={styles.h2}>
        {current ? `Correct the results (version ${current.version + 1})` : 'Enter the results'}
      </h2>
      <p className={styles.meta}>
        {current
          ? 'Each member’s difference is paid or taken back; the earlier version stays on record.'
          : 'One row per squad: where it finished and how many players its members killed. Prizes are paid at once.'}
      </p>
      <form
        onSubmit={(event) => {
          event.preventDefault()
          submit()
        }}
        data-testid="results-form"
      >
        {general ? <Alert>{general}</Alert> : null}
        <ol className={styles.rows}>
          {sheet.squads.map((squad, i) => {
            const placementErrors = [
              ...(fields[`results.${i}.placement`] ?? []),
              ...(fields[`results.${i}.squad_id`] ?? []),
            ]
            const killErrors = fields[`results.${i}.kills`]
            return (
              <li key={squad.id} className={styles.row} data-testid="result-row">
                <div className={styles.rowName}>
                  <div className={styles.squad}>{squad.name}</div>
                  <div className={styles.players}>
                    {squad.players.map((p) => p.in_game_name).join(', ') || 'no players'}
                  </div>
                </div>
                <label className={styles.cell}>
                  <span className={styles.cellLabel}>Placement</span>
                  <select
                    className={styles.input}
                    value={rows[i]?.placement ?? ''}
                    onChange={(e) => set(i, 'placement', e.target.value)}
                    aria-invalid={placementErrors.length > 0 || undefined}
                    data-testid="placement"
                  >
                    <option value="">—</option>
                    {Array.from({ length: n }, (_, k) => k + 1).map((place) => (
                      <option key={place} value={place}>
                        {ordinal(place)}
                      </option>
                    ))}
                  </select>
                </label>
                <label className={styles.cell}>
                  <span className={styles.cellLabel}>Kills</span>
                  <input
                    className={styles.input}
                    type="number"
                    min={0}
                    inputMode="numeric"
                    value={rows[i]?.kills ?? ''}
                    onChange={(e) => set(i, 'kills', e.target.value)}
                    aria-invalid={(killErrors?.length ?? 0) > 0 || undefined}
                    data-testid="kills"
                  />
                </label>
                <div className={styles.rowErrors}>
                  <FieldErrors errors={placementErrors.length > 0 ? placementErrors : undefined} />
                  <FieldErrors errors={killErrors} />
                </div>
              </li>
            )
          })}
        </ol>
        <TextAreaField
          label={current ? 'Why the correction (shown with the version)' : 'Note (optional)'}
          name="note"
          rows={2}
          maxLength={500}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          errors={fields.note}
        />
        <div className={styles.actions}>
          <Button type="submit" busy={save.isPending} data-testid="save-results">
            {current ? 'Save the correction' : 'Save the results'}
          </Button>
          {current ? null : (
            <Button
              type="button"
              variant="secondary"
              disabled={save.isPending}
              onClick={() => save.mutate({ simulate: true })}
              data-testid="simulate-results"
            >
              Draw with the simulator
            </Button>
          )}
          {onCancel ? (
            <Button type="button" variant="ghost" onClick={onCancel}>
              Cancel
            </Button>
          ) : null}
        </div>
      </form>
    </Card>
  )
}

export function DisputeForm({
  sheet,
  contestId,
  onDone,
}: {
  sheet: ResultsSheet
  contestId: number
  onDone: () => void
}) {
  const [text, setText] = useState('')
  const [squad, setSquad] = useState('')
  const send = useMutation({
    mutationFn: () =>
      disputeResults(contestId, { text: text.trim(), ...(squad ? { squad_id: Number(squad) } : {}) }),
    meta: { silent: true },
  })
  const fields = fieldErrorsOf(send.error)
  if (send.isSuccess)
    return (
      <Card>
        <Alert tone="info">
          <span data-testid="dispute-sent">Your dispute is with the admins; the host was told too.</span>
        </Alert>
        <Button variant="ghost" onClick={onDone}>
          Close
        </Button>
      </Card>
    )
  return (
    <Card>
      <h2 className={styles.h2}>Dispute the results</h2>
      <form
        onSubmit={(e) => {
          e.preventDefault()
          send.mutate()
        }}
        data-testid="dispute-form"
      >
        {send.error instanceof ApiError && send.error.status !== 422 ? (
          <Alert>{send.error.message}</Alert>
        ) : null}
        <label className={styles.cell}>
          <span className={styles.cellLabel}>About a squad (optional)</span>
          <select className={styles.input} value={squad} onChange={(e) => setSquad(e.target.value)}>
            <option value="">The whole result</option>
            {sheet.squads.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </label>
        <FieldErrors errors={fields.squad_id} />
        <TextAreaField
          label="What is wrong?"
          name="text"
          rows={4}
          maxLength={1000}
          value={text}
          onChange={(e) => setText(e.target.value)}
          errors={fields.text}
          hint={`${text.length}/1000 (at least 10)`}
        />
        <Button type="submit" busy={send.isPending} data-testid="send-dispute">
          Send the dispute
        </Button>
      </form>
    </Card>
  )
}
