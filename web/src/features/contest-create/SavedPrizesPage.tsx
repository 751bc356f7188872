import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { useNavigate, useParams } from 'react-router'
import { Button, ButtonLink } from '../../components/Button'
import { Card, EmptyState, Loading, PageHead } from '../../components/Common'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { Alert, TextField } from '../../components/Field'
import { fieldErrorsOf, unplacedError } from '../../components/form-errors'
import forms from '../../components/forms.module.css'
import { showSnackbar } from '../../lib/snackbar'
import {
  createSavedPrize,
  deleteSavedPrize,
  type SavedPrize,
  savedPrizeQuery,
  savedPrizesQuery,
  updateSavedPrize,
} from './api'
import styles from './create.module.css'
import { percentRowsText, type RangeText } from './draft'
import { RangeRows } from './RangeRows'

const rankText = (from: number, to: number) => (from === to ? `#${from}` : `#${from}–${to}`)

/** `/saved-prizes`: my prize tables (percent of the pool per rank), to reuse when creating. */
export function SavedPrizesPage() {
  const list = useQuery(savedPrizesQuery)
  const [deleting, setDeleting] = useState<SavedPrize | null>(null)
  return (
    <div className={styles.page} data-testid="saved-prizes">
      <PageHead
        title="Saved prizes"
        subtitle="Prize tables you reuse when you create contests: each rank’s share of the pool."
        actions={
          <ButtonLink to="/saved-prizes/new" small data-testid="new-saved-prize">
            New
          </ButtonLink>
        }
      />
      {list.isPending ? <Loading /> : null}
      {list.isError ? <Alert>{list.error.message}</Alert> : null}
      {list.data?.length === 0 ? (
        <EmptyState title="No saved prizes yet">
          <p>
            Make a table once (say 50% to the winner, 30% and 20% to the next two) and pick it every time.
          </p>
          <ButtonLink to="/saved-prizes/new" small>
            Make one
          </ButtonLink>
        </EmptyState>
      ) : null}
      <div className={styles.savedList}>
        {(list.data ?? []).map((p) => (
          <Card key={p.id} className={styles.saved}>
            <div data-testid="saved-prize" data-id={p.id}>
              <h2 className={styles.cardTitle}>{p.name}</h2>
              <p className={styles.muted}>
                {p.winners} {p.winners === 1 ? 'winner' : 'winners'}
              </p>
              <ul className={styles.shares}>
                {p.ranges.map((r) => (
                  <li key={r.from}>
                    <span>{rankText(r.from, r.to)}</span>
                    <span>
                      {r.percent}%{r.to > r.from ? ' each' : ''}
                    </span>
                  </li>
                ))}
              </ul>
              <div className={styles.actions}>
                <ButtonLink to={`/saved-prizes/${p.id}/edit`} small variant="secondary">
                  Edit
                </ButtonLink>
                <Button
                  small
                  variant="danger"
                  onClick={() => setDeleting(p)}
                  data-testid="delete-saved-prize"
                >
                  Delete
                </Button>
              </div>
            </div>
          </Card>
        ))}
      </div>
      <DeleteDialog prize={deleting} onClose={() => setDeleting(null)} />
    </div>
  )
}

function DeleteDialog({ prize, onClose }: { prize: SavedPrize | null; onClose: () => void }) {
  const client = useQueryClient()
  const remove = useMutation({
    mutationFn: (id: number) => deleteSavedPrize(id),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['saved-prizes'] })
      showSnackbar('Saved prize deleted.', 'info')
      onClose()
    },
  })
  return (
    <ConfirmDialog
      open={prize !== null}
      title="Delete this saved prize?"
      onClose={onClose}
      keepLabel="Keep it"
      confirmLabel="Delete"
      busy={remove.isPending}
      onConfirm={() => prize && remove.mutate(prize.id)}
      confirmTestId="confirm-delete"
    >
      <p>{prize?.name} goes from your saved prizes. Contests already made with it keep their prizes.</p>
    </ConfirmDialog>
  )
}

/** `/saved-prizes/new` and `/saved-prizes/{id}/edit`. */
export function NewSavedPrizePage() {
  return <SavedPrizeForm initial={null} />
}

export function EditSavedPrizePage() {
  const id = Number(useParams().id)
  const prize = useQuery(savedPrizeQuery(id))
  if (prize.isPending) return <Loading />
  if (prize.isError) return <Alert>{prize.error.message}</Alert>
  return <SavedPrizeForm initial={prize.data} />
}

function SavedPrizeForm({ initial }: { initial: SavedPrize | null }) {
  const [name, setName] = useState(initial?.name ?? '')
  const [rows, setRows] = useState<RangeText[]>(
    initial ? percentRowsText(initial.ranges) : [{ from: '1', to: '1', value: '100' }],
  )
  const client = useQueryClient()
  const navigate = useNavigate()
  const save = useMutation({
    mutationFn: () => {
      const body = {
        name: name.trim(),
        ranges: rows.map((r) => ({ from: Number(r.from), to: Number(r.to), percent: Number(r.value) })),
      }
      return initial ? updateSavedPrize(initial.id, body) : createSavedPrize(body)
    },
    onSuccess: (saved) => {
      void client.invalidateQueries({ queryKey: ['saved-prizes'] })
      showSnackbar(`${saved.name} saved.`, 'info')
      navigate('/saved-prizes')
    },
  })
  const errors = fieldErrorsOf(save.error)
  const rowFields = Object.keys(errors).filter((f) => f.startsWith('ranges'))
  const unplaced = unplacedError(save.error, ['name', ...rowFields])
  const submit = (event: FormEvent) => {
    event.preventDefault()
    save.mutate()
  }
  return (
    <div className={forms.narrow} data-testid="saved-prize-form">
      <PageHead
        title={initial ? `Edit ${initial.name}` : 'New saved prize'}
        subtitle="Each row gives every rank in it this share of the pool; the shares add up to 100%."
      />
      <form onSubmit={submit} noValidate>
        {unplaced ? <Alert>{unplaced}</Alert> : null}
        <Card className={forms.formCard}>
          <TextField
            label="Name"
            name="name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            errors={errors.name}
            maxLength={40}
            placeholder="Top three"
          />
          <RangeRows rows={rows} onChange={setRows} unit="%" field="ranges" errors={errors} />
        </Card>
        <Button type="submit" block busy={save.isPending} data-testid="save-prize">
          Save
        </Button>
      </form>
    </div>
  )
}
