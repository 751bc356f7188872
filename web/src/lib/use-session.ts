import { useSyncExternalStore } from 'react'
import { sessionSnapshot, subscribeSession } from './session'

/** Re-renders on sign-in and sign-out. */
export function useSignedIn(): boolean {
  return useSyncExternalStore(subscribeSession, sessionSnapshot) !== ''
}
