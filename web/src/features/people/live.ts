import { useQueryClient } from '@tanstack/react-query'
import { useChannel } from '../../lib/use-channel'
import { useSignedIn } from '../../lib/use-session'
import { applyCounts } from './follow'

interface CountsMessage {
  type: 'counts'
  user_slug: string
  follower_count: number
  following_count: number
}
const isCounts = (m: unknown): m is CountsMessage =>
  typeof m === 'object' && m !== null && (m as { type?: unknown }).type === 'counts'

/**
 * ProfileChannel (docs/channels.md): the viewed user's follower and following counts, sent
 * on subscribe and after every follow or unfollow of or by them. Counts are absolute, so
 * each message just replaces what every cached copy of that user shows (no gap handling
 * needed). The channel is for signed-in users only.
 */
export function useProfileLive(slug: string, enabled: boolean): boolean {
  const client = useQueryClient()
  const signedIn = useSignedIn()
  return useChannel(enabled && signedIn ? { channel: 'ProfileChannel', slug } : null, {
    received: (message) => {
      if (isCounts(message)) applyCounts(client, message)
    },
  })
}
