import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useCallback, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import type { GameKind } from '../../../../server/domain/game-kinds'
import { Button } from '../../components/Button'
import { PageHead } from '../../components/Common'
import { Alert } from '../../components/Field'
import { fieldErrorsOf, unplacedError } from '../../components/form-errors'
import forms from '../../components/forms.module.css'
import { ApiError } from '../../lib/api'
import { type ContestDraft, type CreateAnswer, contestPath, createContest } from './api'
import { BillPanel } from './BillPanel'
import { CreatedPanel, codeOfLink } from './CreatedPanel'
import styles from './create.module.css'
import { PrizeFields, TermsFields } from './DraftFields'
import { clearDraft, type DraftState, emptyDraft, loadDraft, SHOWN_FIELDS, toDraft } from './draft'
import { TargetFields } from './TargetFields'
import { useDraft } from './use-draft'

/**
 * `/contests/create/{single-match, football-single-match, f1-single-match, championship}`:
 * one form for every kind. The bill and the prize table follow the draft as it is typed
 * (the server's `verify`); creating makes the contest and the creator's entry at once, then
 * shows the invite code to share.
 */
export function CreateContestPage({ kind }: { kind: GameKind }) {
  const toBody = useCallback((s: DraftState) => toDraft(kind.slug, s), [kind.slug])
  const [search] = useSearchParams()
  // `?match=` / `?phase=` (from a match's contests page) choose what the contest is on.
  const draft = useDraft(
    () =>
      loadDraft(kind.slug) ?? {
        ...emptyDraft(),
        match_id: search.get('match') ?? '',
        phase_id: search.get('phase') ?? '',
      },
    toBody,
  )
  const { create, created } = useCreateContest(kind.slug)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    draft.attempt()
    create.mutate(toDraft(kind.slug, draft.state))
  }
  // The create answer's messages hold until the draft changes; then the live ones take over.
  const sent =
    create.variables !== undefined && JSON.stringify(create.variables) === JSON.stringify(draft.body)
  const errors = { ...draft.errors, ...(sent ? fieldErrorsOf(create.error) : {}) }
  const unplaced = unplacedError(create.error, [...SHOWN_FIELDS, ...Object.keys(errors)])

  if (created) return <ContestCreated created={created} />

  return (
    <div className={styles.layout} data-testid="create-contest-page" data-kind={kind.slug}>
      <div className={styles.head}>
        <PageHead
          title={`Create a ${kind.name} contest`}
          subtitle={
            <>
              {kind.description} <Link to={`/contests/rules/${kind.slug}`}>Rules</Link>
            </>
          }
        />
      </div>
      <form className={styles.form} onSubmit={submit} noValidate data-testid="create-contest-form">
        {unplaced ? <Alert>{unplaced}</Alert> : null}
        <TargetFields
          kind={kind.slug}
          sport={kind.sport_slug}
          state={draft.state}
          set={draft.set}
          errors={errors}
        />
        <TermsFields
          state={draft.state}
          set={draft.set}
          errors={errors}
          oneEntry={kind.slug === 'championship'}
        />
        <PrizeFields state={draft.state} set={draft.set} errors={errors} />
        <BillPanel
          verified={draft.verify.data}
          pending={draft.stale}
          invalid={draft.invalid}
          incomplete={draft.incomplete}
          failure={draft.failure}
        />
        <RefusalAlert error={create.error} />
        <Button type="submit" block busy={create.isPending} data-testid="create-submit">
          Create contest and join
        </Button>
      </form>
    </div>
  )
}

/** Creates the contest; then the draft is forgotten and the answer kept, to show the invite. */
function useCreateContest(kindSlug: GameKind['slug']) {
  const client = useQueryClient()
  const [created, setCreated] = useState<CreateAnswer | null>(null)
  const create = useMutation({
    mutationFn: (body: ContestDraft) => createContest(body),
    meta: { silent: true },
    onSuccess: (answer) => {
      clearDraft(kindSlug)
      setCreated(answer)
      window.scrollTo({ top: 0 })
      for (const key of ['contests', 'me', 'contest-access', 'user-teams', 'championship'])
        void client.invalidateQueries({ queryKey: [key] })
    },
  })
  return { create, created }
}

/** After creating: the contest's name, its invite code and link, and the way to it. */
function ContestCreated({ created }: { created: CreateAnswer }) {
  const c = created.contest ?? created.championship_contest
  // The server answers one of the two; its schema marks both optional.
  if (!c) return null
  const type = created.contest ? 'contest' : 'championship_contest'
  return (
    <div className={forms.narrow} data-testid="create-contest-page">
      <PageHead title="Contest created" />
      <CreatedPanel
        name={c.name}
        code={'invite_code' in c ? c.invite_code : codeOfLink(c.invite_link)}
        link={c.invite_link}
        to={contestPath(type, c.id)}
      />
    </div>
  )
}

/** 403 (no access) and 409 (too little balance, a started match) say what to do next. */
export function RefusalAlert({ error }: { error: Error | null }) {
  if (!(error instanceof ApiError) || error.status === 422) return null
  return (
    <Alert>
      <span data-testid="create-refused">{error.message}</span>{' '}
      {error.status === 403 ? <Link to="/contests/create/contest-requirement">What is needed</Link> : null}
      {error.code === 'INSUFFICIENT_BALANCE' ? <Link to="/add-cash">Add cash</Link> : null}
    </Alert>
  )
}
