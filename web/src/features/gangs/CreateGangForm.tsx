import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { useNavigate } from 'react-router'
import { Button } from '../../components/Button'
import { Card } from '../../components/Common'
import { Alert, TextField } from '../../components/Field'
import { fieldErrorsOf, unplacedError } from '../../components/form-errors'
import { useTextForm } from '../../components/text-form'
import { createGang, type GangScope, webBase } from './api'
import styles from './gangs.module.css'

/** Name, motto, public or private; the creator becomes the manager and lands on the gang's page. */
export function CreateGangForm({ scope }: { scope: GangScope }) {
  const { form, binder } = useTextForm({ name: '', league_motto: '' })
  const [isPrivate, setPrivate] = useState(false)
  const client = useQueryClient()
  const navigate = useNavigate()
  const create = useMutation({
    mutationFn: () => createGang(scope, { ...form, is_public: !isPrivate }),
    onSuccess: (gang) => {
      void client.invalidateQueries({ queryKey: ['gangs', scope.kind, scope.id] })
      navigate(`${webBase(scope)}/${gang.id}`)
    },
  })
  const field = binder(fieldErrorsOf(create.error))
  const other = unplacedError(create.error, ['name', 'league_motto'])
  const submit = (event: FormEvent) => {
    event.preventDefault()
    create.mutate()
  }
  return (
    <Card>
      <form onSubmit={submit} noValidate data-testid="create-gang-form">
        <TextField label="Gang name" {...field('name')} maxLength={40} placeholder="e.g. Hostel 4" />
        <TextField label="Motto" {...field('league_motto')} maxLength={140} hint="Optional" />
        <label className={styles.check}>
          <input
            type="checkbox"
            name="private"
            checked={isPrivate}
            onChange={(e) => setPrivate(e.target.checked)}
          />
          Private: players ask to join and I approve them
        </label>
        {other ? <Alert>{other}</Alert> : null}
        <Button type="submit" block busy={create.isPending} data-testid="create-gang">
          Create gang
        </Button>
      </form>
    </Card>
  )
}
