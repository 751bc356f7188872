import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useParams } from 'react-router'
import { NotFoundPage } from '../../../app/NotFoundPage'
import { Button } from '../../../components/Button'
import { Card, EmptyState, Loading, PageHead } from '../../../components/Common'
import { Alert, FieldErrors, TextAreaField } from '../../../components/Field'
import { fieldErrorsOf } from '../../../components/form-errors'
import { ApiError } from '../../../lib/api'
import { formatMoney } from '../../../lib/format'
import { useMe } from '../../me/api'
import { EsportsContestNav } from '../ContestNav'
import { useEsportsContestLive } from '../live'
import {
  disputeResults,
  type EsportsGame,
  type EsportsResults,
  enterResults,
  GAME_NAMES,
  type ResultRow,
  type ResultsSheet,
  resultsQuery,
  sheetQuery,
} from './api'
import styles from './results.module.css'

/**
 * `/contests/:id/pubg-update`, `/free-fire-update`, `/call-of-duty-update` (docs/esports.md
 * "Results, payouts and corrections"): the host's (or an admin's) form — a placement and kills
 * per squad, or a draw by the simulator — and, once there are results, the standings for
 * everyone who may see the contest, with "Correct the results" for the host and "Dispute" for
 * members. The path's game must be the contest's, else the 404 page.
 */
export function ResultsPage({ game }: { game: EsportsGame }) {
  const id = Number(useParams().id)
  useEsportsContestLive(id)
  const sheet = useQuery({ ...sheetQuery(id), retry: false })
  const hasResults = (sheet.data?.contest.results_version ?? 0) > 0
  const results = useQuery({ ...resultsQuery(id), enabled: hasResults, retry: false })
  const [editing, setEditing] = useState(false)
  const [disputing, setDisputing] = useState(false)

  if (sheet.isPending) return <Loading />
  if (sheet.isError) {
    if (sheet.error instanceof ApiError && sheet.error.status === 404) return <NotFoundPage />
    return (
      <Card>
        <Alert>{sheet.error.message}</Alert>
      </Card>
    )
  }
  const s = sheet.data
  if (s.contest.game !== game) return <NotFoundPage />
  const title = `${s.contest.name} · results`
  const subtitle = `${GAME_NAMES[game]} ${s.contest.mode} · ${s.squads.length} squads`

  return (
    <div data-testid="esports-results" className={styles.page}>
      <PageHead title={title} subtitle={subtitle} />
      <EsportsContestNav
        info={{
          id,
          game,
          member: s.my_squad_id !== null,
          hasResults,
          isHost: s.contest.is_host || s.can_enter,
          status: s.contest.status,
        }}
      />
      {hasResults && results.isPending ? <Loading /> : null}
      {hasResults && results.isError ? (
        <Card>
          <Alert>{results.error.message}</Alert>
        </Card>
      ) : null}
      {results.data && !editing ? (
        <Standings
          results={results.data}
          onCorrect={() => setEditing(true)}
          onDispute={() => setDisputing((d) => !d)}
        />
      ) : null}
      {results.data && disputing && !editing ? (
        <DisputeForm sheet={s} contestId={id} onDone={() => setDisputing(false)} />
      ) : null}
      {(!hasResults && s.can_enter) || (editing && results.data?.can_correct) ? (
        <ResultsForm
          sheet={s}
          current={editing ? results.data : undefined}
          onCancel={editing ? () => setEditing(false) : undefined}
          onSaved={() => setEditing(false)}
        />
      ) : null}
      {!hasResults && !s.can_enter ? (
        <Card>
          <EmptyState title="No results yet">
            <p>
              {s.contest.status === 'cancelled'
                ? 'This contest was cancelled and every entry refunded.'
                : 'The host enters the results after the match. You will be notified.'}
            </p>
          </EmptyState>
        </Card>
      ) : null}
    </div>
  )
}

export const PubgUpdatePage = () => <ResultsPage game="pubg" />
export const FreeFireUpdatePage = () => <ResultsPage game="free-fire" />
export const CallOfDutyUpdatePage = () => <ResultsPage game="call-of-duty" />

const ordinal = (n: number) => {
  const t = n % 100
  return `${n}${t >= 11 && t <= 13 ? 'th' : n % 10 === 1 ? 'st' : n % 10 === 2 ? 'nd' : n % 10 === 3 ? 'rd' : 'th'}`
}

function Standings({
  results,
  onCorrect,
  onDispute,
}: {
  results: EsportsResults
  onCorrect: () => void
  onDispute: () => void
}) {
  const latest = results.versions[0]
  const me = useMe()
  const myRow = results.standings.find((row) => row.squad.id === results.my_squad_id)
  const myShare = myRow?.members.find((m) => m.user.id === me.data?.id)
  return (
    <Card>
      {myRow ? (
        <p className={styles.myResult} data-testid="my-result">
          Your squad {myRow.squad.name} ranked <strong>{ordinal(myRow.rank)}</strong>
          {myShare ? (
            <>
              {' '}
              · your winnings <strong data-testid="my-winnings">{formatMoney(myShare.prize)}</strong>
              {myShare.prize > 0 ? ' (in your winnings balance)' : ''}
            </>
          ) : null}
        </p>
      ) : null}
      <div className={styles.head}>
        <h2 className={styles.h2}>Standings</h2>
        <span className={styles.meta} data-testid="results-version">
          Version {results.version} ·{' '}
          {results.source === 'simulator'
            ? 'drawn by the simulator'
            : `entered by ${latest?.entered_by.username ?? results.source}`}
        </span>
      </div>
      {results.note ? <p className={styles.note}>{results.note}</p> : null}
      <div className={styles.scroll}>
        <table className={styles.table} data-testid="standings">
          <thead>
            <tr>
              <th>Rank</th>
              <th>Squad</th>
              <th>Place</th>
              <th>Kills</th>
              <th>Pts</th>
              <th>Prize</th>
            </tr>
          </thead>
          <tbody>
            {results.standings.map((row) => {
              const mine = row.squad.id === results.my_squad_id
              return (
                <tr
                  key={row.squad.id}
                  className={mine ? styles.mine : undefined}
                  data-testid="standing"
                  data-mine={mine || undefined}
                >
                  <td>{row.rank}</td>
                  <td>
                    <div className={styles.squad}>{row.squad.name}</div>
                    <div className={styles.players}>{row.members.map((m) => m.user.username).join(', ')}</div>
                  </td>
                  <td>{ordinal(row.placement)}</td>
                  <td>{row.kills}</td>
                  <td>{row.points}</td>
                  <td>{formatMoney(row.prize)}</td>
                </tr>
              )
            })}
          </tbody>
        </table>
      </div>
      <div className={styles.actions}>
        {results.can_correct ? (
          <Button variant="secondary" onClick={onCorrect} data-testid="correct-results">
            Correct the results
          </Button>
        ) : null}
        {results.can_dispute ? (
          <Button variant="ghost" onClick={onDispute} data-testid="dispute-results">
            Dispute
          </Button>
        ) : null}
      </div>
    </Card>
  )
}

function ResultsForm({
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

function DisputeForm({
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
