import type { Subscription } from '@rails/actioncable'
import { type QueryClient, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { getConsumer } from '../../lib/cable'
import { type Me, meQuery } from '../../lib/me'
import { cacheMe } from '../../lib/session'
import { feedArrivalsKey, notificationsLiveKey } from '../posts'
import {
  type Notification,
  type NotificationsData,
  notificationsQuery,
  prependNotification,
  withUnreadCount,
} from './api'

type Broadcast =
  | { type: 'notification'; seq: number; notification: Notification }
  | { type: 'unread'; seq?: undefined; unread_count: number }
  | {
      type: 'wallet'
      seq: number
      current_balance?: number
      unused_balance?: number
      winning_balance?: number
      coin_balance?: number
    }
  | { type: 'feed_item'; seq: number; post_id: number; user: { id: number; username: string } }
  | { type: 'my_contests'; seq: number; contest_id: number }

/**
 * Follows the NotificationsChannel while signed in: new notifications appear without a
 * reload, the unread count the channel sends (on subscribe and after read-all) keeps the
 * bell right, and wallet pushes update the balances. A gap in `seq` means something was missed
 * (a reconnect), so the list is refetched instead.
 */
export function useLiveNotifications(enabled: boolean): void {
  const client = useQueryClient()
  useEffect(() => {
    if (!enabled) return
    let subscription: Subscription | undefined
    let cancelled = false
    let lastSeq: number | undefined
    void getConsumer().then((consumer) => {
      if (cancelled) return
      subscription = consumer.subscriptions.create(
        { channel: 'NotificationsChannel' },
        {
          connected: () => {
            client.setQueryData(notificationsLiveKey, true)
            // Whatever arrived while disconnected is fetched, not guessed (the feed's new posts too).
            if (lastSeq !== undefined) {
              void client.invalidateQueries({ queryKey: notificationsQuery.queryKey })
              void client.invalidateQueries({ queryKey: ['feeds'] })
            }
          },
          disconnected: () => {
            client.setQueryData(notificationsLiveKey, false)
          },
          received: (data) => {
            const message = data as Broadcast
            if (lastSeq !== undefined && message.seq !== undefined && message.seq > lastSeq + 1)
              void client.invalidateQueries({ queryKey: notificationsQuery.queryKey })
            if (typeof message.seq === 'number') lastSeq = message.seq
            if (message.type === 'notification') {
              client.setQueryData<NotificationsData>(notificationsQuery.queryKey, (old) =>
                prependNotification(old, message.notification),
              )
            } else if (message.type === 'unread') {
              client.setQueryData<NotificationsData>(notificationsQuery.queryKey, (old) =>
                withUnreadCount(old, message.unread_count),
              )
            } else if (message.type === 'feed_item') {
              // Not a stored notification: the feed shows "N new posts" from these ids.
              client.setQueryData<number[]>(feedArrivalsKey, (ids = []) =>
                ids.includes(message.post_id) ? ids : [...ids, message.post_id],
              )
            } else if (message.type === 'my_contests') {
              // Joined (in another tab, the CLI, …) or removed by an owner: My Contests and every
              // card with my entries are read again.
              void client.invalidateQueries({ queryKey: ['contests'] })
            } else if (message.type === 'wallet') {
              applyWallet(client, message)
            }
          },
        },
      )
    })
    return () => {
      cancelled = true
      subscription?.unsubscribe()
    }
  }, [enabled, client])
}

type WalletPush = Extract<Broadcast, { type: 'wallet' }>

/** Balances from a wallet push; a push without them (sent while nobody followed) means read again. */
function applyWallet(client: QueryClient, message: WalletPush): void {
  if (message.current_balance === undefined) {
    void client.invalidateQueries({ queryKey: meQuery.queryKey })
    return
  }
  client.setQueryData<Me>(meQuery.queryKey, (me) => {
    if (!me) return me
    const next = {
      ...me,
      current_balance: message.current_balance ?? me.current_balance,
      unused_balance: message.unused_balance ?? me.unused_balance,
      winning_balance: message.winning_balance ?? me.winning_balance,
      coin_balance: message.coin_balance ?? me.coin_balance,
    }
    cacheMe(next)
    return next
  })
}
