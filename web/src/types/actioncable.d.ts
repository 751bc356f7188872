/** The parts of @rails/actioncable 8.1 the web client uses (the package ships no types). */
declare module '@rails/actioncable' {
  export interface Subscription {
    identifier: string
    perform(action: string, data?: Record<string, unknown>): boolean
    send(data: Record<string, unknown>): boolean
    unsubscribe(): void
  }

  export interface SubscriptionMixin {
    initialized?(): void
    connected?(): void
    disconnected?(details: { willAttemptReconnect: boolean }): void
    rejected?(): void
    received?(data: unknown): void
  }

  export interface Consumer {
    subscriptions: {
      create(
        channel: string | { channel: string; [key: string]: unknown },
        mixin?: SubscriptionMixin,
      ): Subscription
    }
    connect(): boolean
    disconnect(): void
  }

  export function createConsumer(url?: string): Consumer
  export const logger: { enabled: boolean }
}
