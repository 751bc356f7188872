import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { Button, ButtonLink } from '../../components/Button'
import { Loading } from '../../components/Common'
import { Alert } from '../../components/Field'
import { fieldErrorsOf } from '../../components/form-errors'
import { useMe, useUpdateMe } from '../../lib/me'
import { usePageTitle } from '../../lib/page-title'
import { authStyles } from '../auth'
import { AvatarPicker, avatarsQuery } from '../me'
import styles from './onboarding.module.css'
import { Steps } from './Steps'

/** Signup step 2: an avatar (PUT /api/me {avatar_id}). */
export function AvatarStep() {
  usePageTitle('Choose your avatar')
  const avatars = useQuery(avatarsQuery)
  const me = useMe()
  const [picked, setPicked] = useState<number | null>(null)
  const selected = picked ?? me.data?.avatar_id ?? null
  const save = useUpdateMe()
  const navigate = useNavigate()
  const next = () => {
    if (selected === null) return
    save.mutate({ avatar_id: selected }, { onSuccess: () => navigate('/signup/suggested-accounts') })
  }
  const problem = fieldErrorsOf(save.error).avatar_id

  return (
    <div className={authStyles.card}>
      <Steps current={2} />
      <h1 className={authStyles.title}>Choose your avatar</h1>
      <p className={authStyles.subtitle}>It shows next to your team on every leaderboard.</p>
      {problem ? <Alert>Avatar {problem.join(', ')}</Alert> : null}
      {avatars.isPending ? (
        <Loading />
      ) : (
        <AvatarPicker avatars={avatars.data ?? []} selected={selected} onSelect={setPicked} />
      )}
      <div className={styles.actions}>
        <ButtonLink to="/signup/my-interests" variant="ghost">
          Back
        </ButtonLink>
        <Button onClick={next} busy={save.isPending} disabled={selected === null}>
          Next
        </Button>
      </div>
    </div>
  )
}
