/**
 * The snackbar: one message at a time, opened with an error text (or a notice) and closed
 * by the user or after a few seconds. A tiny external store so that non-React code (the
 * query cache) can open it.
 */
export interface SnackbarMessage {
  id: number
  text: string
  tone: 'error' | 'info'
}

let current: SnackbarMessage | null = null
let nextId = 1
const listeners = new Set<() => void>()
const emit = () => {
  for (const listener of listeners) listener()
}

export function showSnackbar(text: string, tone: SnackbarMessage['tone'] = 'error'): void {
  current = { id: nextId++, text, tone }
  emit()
}

export function closeSnackbar(id?: number): void {
  if (!current || (id !== undefined && current.id !== id)) return
  current = null
  emit()
}

export function subscribeSnackbar(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export const snackbarSnapshot = () => current
