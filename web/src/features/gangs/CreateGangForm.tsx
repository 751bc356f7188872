import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { useNavigate } from 'react-router'
import { Button } from '../../components/Button'
import { Card } from '../../components/Common'
import { Alert, TextField } from '../../components/Field'
import { fieldErrorsOf, unplacedError } from '../../components/form-errors'
import { createGang, type GangScope, webBase } from './api'
import styles from './gangs.module.css'

/** Name, motto, public or private; the creator becomes the manager and lands on the gang's page. */
export function CreateGangForm({ scope }: { scope: GangScope }) {
  const [name, setName] = useState('')
  const [motto, setMotto] = useState('')
  const [isPrivate, setPrivate] = useState(false)
  const client = useQueryClient()
  const navigate = useNavigate()
  const create = useMutation({
    mutationFn: () => createGang(scope, { name, league_motto: motto, is_public: !isPrivate }),
    onSuccess: (gang) => {
      void client.invalidateQueries({ queryKey: ['gangs', scope.kind, scope.id] })
      navigate(`${webBase(scope)}/${gang.id}`)
    },
  })
  const errors = fieldErrorsOf(create.error)
  const other = unplacedError(create.error, ['name', 'league_motto'])
  const submit = (event: FormEvent) => {
    event.preventDefault()
    create.mutate()
  }
  return (
    <Card>
      <form onSubmit={submit} noValidate data-testid="create-gang-form">
        <TextField
          label="Gang name"
          name="name"
          value={name}
          maxLength={40}
          onChange={(e) => setName(e.target.value)}
          errors={errors.name}
          placeholder="e.g. Hostel 4"
        />
        <TextField
          label="Motto"
          name="league_motto"
          value={motto}
          maxLength={140}
          onChange={(e) => setMotto(e.target.value)}
          errors={errors.league_motto}
          hint="Optional"
        />
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
