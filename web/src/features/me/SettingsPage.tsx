import { useQuery } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { Button } from '../../components/Button'
import { Card, Loading, PageHead } from '../../components/Common'
import { Alert, TextAreaField, TextField } from '../../components/Field'
import { fieldErrorsOf, unplacedError } from '../../components/form-errors'
import { useTextForm } from '../../components/text-form'
import { type Me, type UpdateMeBody, useMe, useUpdateMe } from '../../lib/me'
import { showSnackbar } from '../../lib/snackbar'
import { GameAccountsCard } from '../esports'
import { avatarsQuery, sportsQuery } from './api'
import { PasswordForm } from './PasswordForm'
import { AvatarPicker, SportPicker } from './pickers'
import styles from './settings.module.css'

/** PUT /api/me: profile fields, avatar, interests and password, each saved on its own. */
export function SettingsPage() {
  const me = useMe()
  if (me.isPending) return <Loading />
  if (me.isError) return <Alert>{me.error.message}</Alert>
  return (
    <div className={styles.page}>
      <PageHead title="Settings" subtitle="Your profile, avatar, sports and password." />
      <ProfileForm user={me.data} />
      <AvatarCard user={me.data} />
      <InterestsCard user={me.data} />
      <GameAccountsCard />
      <Card>
        <h2 className={styles.cardTitle}>Change password</h2>
        <PasswordForm />
      </Card>
    </div>
  )
}

const PROFILE_FIELDS = ['full_name', 'team_name', 'username', 'dob', 'about_me'] as const

/** The latest date of birth that makes someone 18 today (the server checks the same rule). */
function latestAdultDob(): string {
  const d = new Date()
  d.setFullYear(d.getFullYear() - 18)
  return d.toISOString().slice(0, 10)
}

function ProfileForm({ user }: { user: Me }) {
  const initial = {
    full_name: user.full_name ?? '',
    team_name: user.team_name ?? '',
    username: user.username,
    dob: user.dob ?? '',
    about_me: user.about_me ?? '',
  }
  const { form, binder } = useTextForm(initial)
  const save = useUpdateMe()

  const submit = (event: FormEvent) => {
    event.preventDefault()
    // Only what changed is sent, so an untouched field can never fail validation.
    const body: UpdateMeBody = {}
    if (form.full_name !== initial.full_name) body.full_name = form.full_name.trim() || null
    if (form.team_name !== initial.team_name) body.team_name = form.team_name.trim()
    if (form.username !== initial.username) body.username = form.username.trim()
    if (form.dob !== initial.dob) body.dob = form.dob || null
    if (form.about_me !== initial.about_me) body.about_me = form.about_me.trim() || null
    if (Object.keys(body).length === 0) {
      showSnackbar('Nothing to save: no field has changed.', 'info')
      return
    }
    save.mutate(body, { onSuccess: () => showSnackbar('Profile saved', 'info') })
  }
  const field = binder(fieldErrorsOf(save.error))
  const unplaced = unplacedError(save.error, [...PROFILE_FIELDS])

  return (
    <Card>
      <h2 className={styles.cardTitle}>Profile</h2>
      {unplaced ? <Alert>{unplaced}</Alert> : null}
      <form onSubmit={submit} noValidate>
        <TextField label="Email" name="email" value={user.email} readOnly hint="Your sign-in address" />
        <div className={styles.twoCols}>
          <TextField label="Username" {...field('username')} spellCheck={false} />
          <TextField label="Full name" {...field('full_name')} autoComplete="name" />
          <TextField
            label="Team name"
            {...field('team_name')}
            hint="3–20 characters, shown on leaderboards"
          />
          <TextField
            label="Date of birth"
            {...field('dob')}
            type="date"
            max={latestAdultDob()}
            hint="You must be 18 or older to play paid contests"
          />
        </div>
        <TextAreaField
          label="About me"
          {...field('about_me')}
          maxLength={500}
          hint={`${form.about_me.length}/500`}
        />
        <Button type="submit" busy={save.isPending}>
          Save profile
        </Button>
      </form>
    </Card>
  )
}

function AvatarCard({ user }: { user: Me }) {
  const avatars = useQuery(avatarsQuery)
  const save = useUpdateMe()
  const pick = (id: number) => {
    if (id === user.avatar_id) return
    save.mutate({ avatar_id: id }, { onSuccess: () => showSnackbar('Avatar updated', 'info') })
  }
  const problem = fieldErrorsOf(save.error).avatar_id
  return (
    <Card>
      <h2 className={styles.cardTitle}>Avatar</h2>
      {problem ? <Alert>Avatar {problem.join(', ')}</Alert> : null}
      {avatars.isPending ? (
        <Loading />
      ) : (
        <AvatarPicker
          avatars={avatars.data ?? []}
          selected={save.isPending ? (save.variables.avatar_id ?? null) : user.avatar_id}
          onSelect={pick}
        />
      )}
    </Card>
  )
}

function InterestsCard({ user }: { user: Me }) {
  const sports = useQuery(sportsQuery)
  const [selected, setSelected] = useState(user.interests)
  const save = useUpdateMe()
  const toggle = (slug: string) =>
    setSelected((current) =>
      current.includes(slug) ? current.filter((s) => s !== slug) : [...current, slug],
    )
  const changed = [...selected].sort().join() !== [...user.interests].sort().join()
  const problem = fieldErrorsOf(save.error).interests
  return (
    <Card>
      <h2 className={styles.cardTitle}>Sports you follow</h2>
      {problem ? <Alert>Interests {problem.join(', ')}</Alert> : null}
      {sports.isPending ? (
        <Loading />
      ) : (
        <SportPicker sports={sports.data ?? []} selected={selected} onToggle={toggle} />
      )}
      <div className={styles.cardActions}>
        <Button
          busy={save.isPending}
          disabled={!changed}
          onClick={() =>
            save.mutate({ interests: selected }, { onSuccess: () => showSnackbar('Sports saved', 'info') })
          }
        >
          Save sports
        </Button>
      </div>
    </Card>
  )
}
