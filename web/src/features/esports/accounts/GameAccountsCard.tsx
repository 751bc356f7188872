import { useQuery } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { GAME_LEVEL_MAX } from '../../../../../server/domain/esports/rules'
import { Button } from '../../../components/Button'
import { Card, Loading } from '../../../components/Common'
import { Alert, TextField } from '../../../components/Field'
import { fieldErrorsOf, unplacedError } from '../../../components/form-errors'
import { type BoundField, useTextForm } from '../../../components/text-form'
import { ApiError } from '../../../lib/api'
import { showSnackbar } from '../../../lib/snackbar'
import styles from './accounts.module.css'
import { type EsportsGame, GAMES, type GameAccount, myGameAccountsQuery, useSaveGameAccount } from './api'

const FIELDS = ['in_game_name', 'character_id', 'game_level'] as const

/**
 * Settings → Game accounts (docs/esports.md, "Game accounts"): my PUBG, Free Fire and Call of
 * Duty accounts with their review status; add one per game, edit it. PUBG Lite and PUBG single
 * match rooms use the PUBG account.
 */
export function GameAccountsCard() {
  const accounts = useQuery(myGameAccountsQuery)
  return (
    <Card>
      <section aria-labelledby="game-accounts-title" data-testid="game-accounts">
        <h2 id="game-accounts-title" className={styles.title}>
          Game accounts
        </h2>
        <p className={styles.intro}>
          Esports rooms need a verified account for their game. An admin checks each new account; changing a
          verified account’s character id or level sends it back for review. PUBG Lite uses your PUBG account.
        </p>
        {accounts.isPending ? (
          <Loading />
        ) : accounts.isError ? (
          <Alert>Your game accounts could not be loaded: {accounts.error.message}</Alert>
        ) : (
          <ul className={styles.list}>
            {GAMES.map((game) => (
              <GameRow
                key={game.slug}
                slug={game.slug}
                name={game.name}
                account={accounts.data.find((a) => a.slug === game.slug)}
              />
            ))}
          </ul>
        )}
      </section>
    </Card>
  )
}

function StatusBadge({ status }: { status: GameAccount['status'] }) {
  return (
    <span className={`${styles.badge} ${styles[status]}`} data-testid="game-account-status">
      {status}
    </span>
  )
}

function GameRow({
  slug,
  name,
  account,
}: {
  slug: EsportsGame
  name: string
  account: GameAccount | undefined
}) {
  const [editing, setEditing] = useState(false)
  return (
    <li className={styles.row} data-testid={`game-account-${slug}`}>
      <div className={styles.head}>
        <span className={styles.game}>{name}</span>
        <span className={styles.headActions}>
          {account ? <StatusBadge status={account.status} /> : null}
          {editing ? null : (
            <Button small variant="secondary" onClick={() => setEditing(true)}>
              {account ? 'Edit' : `Add ${name} account`}
            </Button>
          )}
        </span>
      </div>
      {account ? (
        <div className={styles.details}>
          {account.in_game_name} · id {account.character_id} · level {account.game_level}
        </div>
      ) : (
        <div className={styles.none}>No {name} account yet.</div>
      )}
      {account?.status === 'rejected' && account.reject_reason ? (
        <div className={styles.reason}>
          Not verified: {account.reject_reason}. Fix it and save to ask again.
        </div>
      ) : null}
      {account?.status === 'pending' ? (
        <div className={styles.none}>Waiting for an admin to verify it.</div>
      ) : null}
      {editing ? (
        <AccountForm slug={slug} name={name} account={account} onDone={() => setEditing(false)} />
      ) : null}
    </li>
  )
}

function AccountForm({
  slug,
  name,
  account,
  onDone,
}: {
  slug: EsportsGame
  name: string
  account: GameAccount | undefined
  onDone: () => void
}) {
  const initial = {
    in_game_name: account?.in_game_name ?? '',
    character_id: account?.character_id ?? '',
    game_level: account ? String(account.game_level) : '',
  }
  const { form, binder } = useTextForm(initial)
  const save = useSaveGameAccount()

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const done = () => {
      showSnackbar(
        account ? `${name} account saved` : `${name} account added: an admin will verify it`,
        'info',
      )
      onDone()
    }
    if (account) {
      const fields = changedFields(form, initial)
      if (Object.keys(fields).length === 0) {
        showSnackbar('Nothing to save: no field has changed.', 'info')
        return
      }
      save.mutate({ id: account.id, fields }, { onSuccess: done })
    } else {
      save.mutate(
        {
          slug,
          fields: {
            in_game_name: form.in_game_name,
            character_id: form.character_id.trim(),
            game_level: level(form.game_level),
          },
        },
        { onSuccess: done },
      )
    }
  }
  const field = binder(fieldErrorsOf(save.error))
  const unplaced = unplacedError(save.error, [...FIELDS])
  const stateProblem = save.error instanceof ApiError && !save.error.isValidation ? save.error.message : null

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label={`${name} account`}>
      {unplaced || stateProblem ? <Alert>{unplaced ?? stateProblem}</Alert> : null}
      <AccountFields field={field} />
      <div className={styles.actions}>
        <Button type="submit" small busy={save.isPending}>
          {account ? 'Save' : 'Add account'}
        </Button>
        <Button small variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  )
}

type AccountFormValues = { in_game_name: string; character_id: string; game_level: string }

const level = (text: string): number | string => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : text)

/** Only what changed is sent: an untouched field never fails, and never sends it back to review. */
function changedFields(form: AccountFormValues, initial: AccountFormValues): Record<string, string | number> {
  const fields: Record<string, string | number> = {}
  if (form.in_game_name !== initial.in_game_name) fields.in_game_name = form.in_game_name
  if (form.character_id !== initial.character_id) fields.character_id = form.character_id.trim()
  if (form.game_level !== initial.game_level) fields.game_level = level(form.game_level)
  return fields
}

function AccountFields({ field }: { field: (key: keyof AccountFormValues) => BoundField }) {
  return (
    <div className={styles.threeCols}>
      <TextField
        label="In-game name"
        {...field('in_game_name')}
        hint="2–24 characters, as shown in the game"
        spellCheck={false}
        autoComplete="off"
      />
      <TextField
        label="Character id"
        {...field('character_id')}
        inputMode="numeric"
        hint="5–20 digits, from your in-game profile"
        autoComplete="off"
      />
      <TextField label="Level" {...field('game_level')} inputMode="numeric" hint={`1–${GAME_LEVEL_MAX}`} />
    </div>
  )
}
