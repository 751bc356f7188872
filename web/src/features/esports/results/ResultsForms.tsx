import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Button } from '../../../components/Button'
import { Card } from '../../../components/Common'
import { Alert, FieldErrors, TextAreaField } from '../../../components/Field'
import { fieldErrorsOf } from '../../../components/form-errors'
import { ApiError, type FieldErrors as FieldErrorMap } from '../../../lib/api'
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

/** The rows (pre-filled from the current version), the note, and saving them or the simulator's draw. */
function useResultsForm(sheet: ResultsSheet, current: EsportsResults | undefined, onSaved: () => void) {
  const client = useQueryClient()
  const id = sheet.contest.id
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
  return { rows, set, note, setNote, save, fields, general, submit }
}

// Long: one form: the squads' rows, the note and the save/simulate buttons all read the same rows and mutation.
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
  const n = sheet.squads.length
  const { rows, set, note, setNote, save, fields, general, submit } = useResultsForm(sheet, current, onSaved)

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
          {sheet.squads.map((squad, i) => (
            <SquadResultRow
              key={squad.id}
              squad={squad}
              row={rows[i]}
              places={n}
              fields={fields}
              i={i}
              onChange={(key, value) => set(i, key, value)}
            />
          ))}
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

/** One squad's placement and kills, with the errors of its row. */
function SquadResultRow({
  squad,
  row,
  places,
  fields,
  i,
  onChange,
}: {
  squad: ResultsSheet['squads'][number]
  row: { placement: string; kills: string } | undefined
  places: number
  fields: FieldErrorMap
  i: number
  onChange: (key: 'placement' | 'kills', value: string) => void
}) {
  const placementErrors = [
    ...(fields[`results.${i}.placement`] ?? []),
    ...(fields[`results.${i}.squad_id`] ?? []),
  ]
  const killErrors = fields[`results.${i}.kills`]
  return (
    <li className={styles.row} data-testid="result-row">
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
          value={row?.placement ?? ''}
          onChange={(e) => onChange('placement', e.target.value)}
          aria-invalid={placementErrors.length > 0 || undefined}
          data-testid="placement"
        >
          <option value="">—</option>
          {Array.from({ length: places }, (_, k) => k + 1).map((place) => (
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
          value={row?.kills ?? ''}
          onChange={(e) => onChange('kills', e.target.value)}
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
