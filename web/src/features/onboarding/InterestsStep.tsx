import { useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { useNavigate } from 'react-router'
import { Button } from '../../components/Button'
import { Loading } from '../../components/Common'
import { Alert } from '../../components/Field'
import { fieldErrorsOf } from '../../components/form-errors'
import { useMe, useUpdateMe } from '../../lib/me'
import { usePageTitle } from '../../lib/page-title'
import { authStyles } from '../auth'
import { SportPicker, sportsQuery } from '../me'
import styles from './onboarding.module.css'
import { Steps } from './Steps'

/** Signup step 1: the sports you follow (PUT /api/me {interests}). */
export function InterestsStep() {
  usePageTitle('What do you play?')
  const sports = useQuery(sportsQuery)
  const me = useMe()
  const [selected, setSelected] = useState<string[]>([])
  const save = useUpdateMe()
  const navigate = useNavigate()
  const saved = me.data?.interests
  useEffect(() => {
    if (saved?.length) setSelected(saved)
  }, [saved])

  const toggle = (slug: string) =>
    setSelected((current) =>
      current.includes(slug) ? current.filter((s) => s !== slug) : [...current, slug],
    )
  const next = () =>
    save.mutate({ interests: selected }, { onSuccess: () => navigate('/signup/select-avatar') })
  const problem = fieldErrorsOf(save.error).interests

  return (
    <div className={authStyles.card}>
      <Steps current={1} />
      <h1 className={authStyles.title}>What do you play?</h1>
      <p className={authStyles.subtitle}>Pick the sports you follow. We show their contests first.</p>
      {problem ? <Alert>Interests {problem.join(', ')}</Alert> : null}
      {sports.isPending ? (
        <Loading />
      ) : (
        <SportPicker sports={sports.data ?? []} selected={selected} onToggle={toggle} />
      )}
      <div className={styles.actions}>
        <Button onClick={next} busy={save.isPending} disabled={selected.length === 0}>
          Next
        </Button>
      </div>
    </div>
  )
}
