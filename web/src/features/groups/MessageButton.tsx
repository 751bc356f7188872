import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router'
import { Button } from '../../components/Button'
import { GROUPS_KEY, groupPath, oneToOne } from './api'

/** On a profile: opens (finding or making) my one-to-one conversation with this person. */
export function MessageButton({ slug }: { slug: string }) {
  const navigate = useNavigate()
  const client = useQueryClient()
  const open = useMutation({
    mutationFn: () => oneToOne(slug),
    onSuccess: ({ group }) => {
      client.setQueryData([...GROUPS_KEY, 'one', group.group_uuid_id], group)
      navigate(groupPath(group.group_uuid_id))
    },
  })
  return (
    <Button
      small
      variant="secondary"
      busy={open.isPending}
      onClick={() => open.mutate()}
      data-testid="message-user"
    >
      Message
    </Button>
  )
}
