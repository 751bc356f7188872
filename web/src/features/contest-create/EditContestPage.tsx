import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useCallback, useMemo } from 'react'
import { Link, useNavigate, useParams, useSearchParams } from 'react-router'
import { Button } from '../../components/Button'
import { Loading, PageHead } from '../../components/Common'
import { Alert } from '../../components/Field'
import { fieldErrorsOf, unplacedError } from '../../components/form-errors'
import forms from '../../components/forms.module.css'
import { data, http, type Schema } from '../../lib/client'
import { showSnackbar } from '../../lib/snackbar'
import { type ContestDraft, contestPath, type GameKindSlug, updateContest } from './api'
import { BillPanel } from './BillPanel'
import { RefusalAlert } from './CreateContestPage'
import styles from './create.module.css'
import { PrizeFields, TermsFields } from './DraftFields'
import { type DraftState, draftChanges, emptyDraft, percentRowsText, SHOWN_FIELDS } from './draft'
import { useDraft } from './use-draft'

/** The contest as its owner edits it: the daily or the championship answer, with the owner fields. */
type Editable = Schema<'Contest'> | Schema<'ChampionshipContest'>
const editableQuery = (id: number, championship: boolean) =>
  queryOptions({
    queryKey: ['contest', id, 'edit', championship],
    queryFn: async (): Promise<Editable> => {
      const params = { path: { id } }
      return championship
        ? (await data(http.GET('/api/championship/contests/{id}', { params }))).contest
        : (await data(http.GET('/api/contests/{id}', { params }))).contest
    },
    staleTime: 0,
  })
/** A daily contest's entries per player and joined teams; a championship contest takes one each. */
const maxEntries = (c: Editable) => ('max_entries' in c ? c.max_entries : 1)
const joinedCount = (c: Editable) => ('joined_count' in c ? c.joined_count : 1)

function stateOf(c: Editable): DraftState {
  const base = emptyDraft()
  return {
    ...base,
    name: c.name,
    description: c.description ?? '',
    entry_fee: String(c.entry_fee),
    members_limit: String(c.members_limit),
    multiple_entries: maxEntries(c) > 1,
    max_entries_per_user: String(Math.max(2, maxEntries(c))),
    guaranteed: c.guaranteed,
    is_private: c.is_private,
    ...(c.prize_percents?.length
      ? {
          prize_source: 'custom' as const,
          custom_mode: 'percent' as const,
          ranges: percentRowsText(c.prize_percents),
        }
      : {}),
  }
}

/** `/contests/{id}/edit` (`?type=championship` for a championship contest): the owner's edit form. */
export function EditContestPage() {
  const id = Number(useParams().id)
  const championship = useSearchParams()[0].get('type') === 'championship'
  const contest = useQuery(editableQuery(id, championship))
  if (contest.isPending) return <Loading />
  if (contest.isError) return <Alert>{contest.error.message}</Alert>
  if (!contest.data.is_owner || !contest.data.can_edit)
    return (
      <div className={forms.narrow} data-testid="edit-contest-page">
        <PageHead title="Edit contest" />
        <Alert tone="notice">
          {contest.data.is_owner
            ? 'This contest can no longer be edited (its match has started, or it is closed).'
            : 'Only the player who created this contest can edit it.'}{' '}
          <Link to={contestPath(championship ? 'championship_contest' : 'contest', id)}>
            Back to the contest
          </Link>
        </Alert>
      </div>
    )
  return <EditForm contest={contest.data} championship={championship} />
}

function EditForm({ contest, championship }: { contest: Editable; championship: boolean }) {
  const kind = (championship ? 'championship' : contest.game_kind) as GameKindSlug
  const initial = useMemo(() => stateOf(contest), [contest])
  // Someone besides the owner is in: only the name, the description and more spots may change.
  const othersIn = contest.members_count > (championship ? 1 : joinedCount(contest))
  const locked = useMemo(
    () =>
      new Set<keyof DraftState>(
        othersIn ? ['entry_fee', 'multiple_entries', 'max_entries_per_user', 'guaranteed', 'is_private'] : [],
      ),
    [othersIn],
  )
  const toBody = useCallback((s: DraftState) => draftChanges(kind, s, initial), [kind, initial])
  const draft = useDraft(() => initial, toBody, { id: contest.id, championship })
  const client = useQueryClient()
  const navigate = useNavigate()
  const to = contestPath(championship ? 'championship_contest' : 'contest', contest.id)
  const save = useMutation({
    mutationFn: (body: Partial<ContestDraft>) => updateContest(contest.id, body, championship),
    meta: { silent: true },
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['contest', contest.id] })
      void client.invalidateQueries({ queryKey: ['contests'] })
      showSnackbar(`${draft.state.name.trim() || contest.name} saved.`, 'info')
      navigate(to)
    },
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    draft.attempt()
    save.mutate(draft.body)
  }
  const sent = save.variables !== undefined && JSON.stringify(save.variables) === JSON.stringify(draft.body)
  const errors = { ...draft.errors, ...(sent ? fieldErrorsOf(save.error) : {}) }
  const unplaced = unplacedError(save.error, [...SHOWN_FIELDS, ...Object.keys(errors)])
  const nothing = Object.keys(draft.body).length === 0
  return (
    <div className={styles.layout} data-testid="edit-contest-page">
      <div className={styles.head}>
        <PageHead title={`Edit ${contest.name}`} subtitle={<Link to={to}>Back to the contest</Link>} />
      </div>
      <form className={styles.form} onSubmit={submit} noValidate data-testid="edit-contest-form">
        {unplaced ? <Alert>{unplaced}</Alert> : null}
        <TermsFields
          state={draft.state}
          set={draft.set}
          errors={errors}
          locked={locked}
          oneEntry={championship}
        />
        {othersIn ? null : <PrizeFields state={draft.state} set={draft.set} errors={errors} />}
        <BillPanel
          payment={false}
          verified={draft.verify.data}
          pending={draft.stale}
          invalid={draft.invalid}
          failure={draft.failure}
        />
        <RefusalAlert error={save.error} />
        <Button type="submit" block busy={save.isPending} disabled={nothing} data-testid="save-contest">
          Save changes
        </Button>
      </form>
    </div>
  )
}
