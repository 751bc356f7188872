import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { Button } from '../../components/Button'
import { Card, Loading, PageHead } from '../../components/Common'
import { Alert, FieldErrors, TextAreaField, TextField } from '../../components/Field'
import { fieldErrorsOf, unplacedError } from '../../components/form-errors'
import { ApiError } from '../../lib/api'
import { AvatarPicker, avatarsQuery } from '../me'
import { createGroup, GROUPS_KEY, groupPath } from './api'
import styles from './groups.module.css'

/** `/groups/new`: a name, a picture from the avatar set, a description and whether anyone may find it. */
export function NewGroupPage() {
  const navigate = useNavigate()
  const client = useQueryClient()
  const avatars = useQuery(avatarsQuery)
  const [name, setName] = useState('')
  const [description, setDescription] = useState('')
  const [avatarId, setAvatarId] = useState<number | null>(null)
  const [isPublic, setPublic] = useState(false)
  const image = avatars.data?.find((a) => a.id === avatarId)?.url ?? null
  const create = useMutation({
    mutationFn: () => createGroup({ name, description, image, is_public: isPublic }),
    meta: { silent: true },
    onSuccess: ({ group }) => {
      void client.invalidateQueries({ queryKey: [...GROUPS_KEY, 'mine'] })
      navigate(groupPath(group.group_uuid_id), { replace: true })
    },
  })
  const fields = fieldErrorsOf(create.error)
  const general =
    unplacedError(create.error, ['name', 'description', 'image']) ??
    (create.error instanceof ApiError && create.error.isValidation ? null : (create.error?.message ?? null))
  return (
    <div className={styles.narrow} data-testid="new-group-page">
      <PageHead title="New group" />
      <Card>
        <form
          className={styles.form}
          onSubmit={(event) => {
            event.preventDefault()
            create.mutate()
          }}
        >
          {general ? <Alert>{general}</Alert> : null}
          <TextField
            label="Name"
            value={name}
            maxLength={60}
            required
            onChange={(event) => setName(event.target.value)}
            errors={fields.name}
            data-testid="group-name"
          />
          <TextAreaField
            label="Description (optional)"
            value={description}
            maxLength={500}
            rows={3}
            onChange={(event) => setDescription(event.target.value)}
            errors={fields.description}
            data-testid="group-description"
          />
          <PictureField avatars={avatars} selected={avatarId} onSelect={setAvatarId} errors={fields.image} />
          <PublicToggle checked={isPublic} onChange={setPublic} />
          <Button type="submit" block busy={create.isPending} data-testid="create-group">
            Create group
          </Button>
        </form>
      </Card>
    </div>
  )
}

/** The group's picture, one of the avatar set. */
function PictureField({
  avatars,
  selected,
  onSelect,
  errors,
}: {
  avatars: { isPending: boolean; data?: Parameters<typeof AvatarPicker>[0]['avatars'] }
  selected: number | null
  onSelect: (id: number) => void
  errors: string[] | undefined
}) {
  return (
    <div>
      <span className={styles.label}>Picture</span>
      {avatars.isPending ? (
        <Loading />
      ) : (
        <AvatarPicker avatars={avatars.data ?? []} selected={selected} onSelect={onSelect} />
      )}
      <FieldErrors errors={errors} />
    </div>
  )
}

/** Whether anyone may find the group in search and join it. */
function PublicToggle({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <label className={styles.toggle}>
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        data-testid="group-public"
      />
      <span>
        <strong>Public</strong> — anyone can find it in group search and join
      </span>
    </label>
  )
}
