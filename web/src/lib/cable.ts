import type { Consumer } from '@rails/actioncable'

/**
 * One Action Cable consumer for the signed-in user, created on first use (the library is
 * loaded only then). The server authenticates the upgrade by the `at` cookie, so after a
 * token refresh the connection is reopened and its subscriptions resubscribe by themselves.
 */
let consumer: Promise<Consumer> | null = null

export function cableUrl(): string {
  return `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}/cable`
}

export function getConsumer(): Promise<Consumer> {
  consumer ??= import('@rails/actioncable').then(({ createConsumer }) => createConsumer(cableUrl()))
  return consumer
}

export function reconnectCable(): void {
  void consumer?.then((c) => {
    c.disconnect()
    c.connect()
  })
}

export function disconnectCable(): void {
  const pending = consumer
  consumer = null
  void pending?.then((c) => c.disconnect())
}
