import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { type OwnerControl, ownerControl } from '../actions'
import { type Auction, auctionQuery } from '../api'

/** What the last key did, for the board to say (and a screen reader to hear). */
export interface KeyNote {
  text: string
  error: boolean
}

/** Typing in a field (none on the board today) is not a command. */
const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))

/**
 * The board's keys. Anyone: A shows or hides the managers' names. The auction's owner only:
 * Space pauses or resumes, N or → closes the running lot (sold to its leader, else unsold) —
 * through the same owner API as the auction room's buttons, so the server decides.
 */
export function useBoardKeys(auction: Auction, toggleAnonymous: () => void) {
  const client = useQueryClient()
  const [note, setNote] = useState<KeyNote | null>(null)
  const control = useMutation({
    mutationFn: (c: OwnerControl) => ownerControl(auction.id, c),
    meta: { silent: true },
    onSuccess: (next, c) => {
      client.setQueryData(auctionQuery(auction.id).queryKey, next)
      void client.invalidateQueries({ queryKey: ['auction', auction.id] })
      setNote({ text: DONE[c] ?? 'Done', error: false })
    },
    onError: (error) => setNote({ text: error.message, error: true }),
  })
  const { mutate, isPending } = control
  const owner = auction.is_owner
  const paused = auction.paused
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || typing(e.target)) return
      const key = e.key.length === 1 ? e.key.toLowerCase() : e.key
      if (key === 'a') {
        toggleAnonymous()
        return
      }
      if (!owner || isPending) return
      if (key === ' ') {
        e.preventDefault()
        mutate(paused ? 'resume' : 'pause')
      } else if (key === 'n' || key === 'ArrowRight') {
        e.preventDefault()
        mutate('close_lot')
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [owner, paused, isPending, mutate, toggleAnonymous])
  return note
}

const DONE: Partial<Record<OwnerControl, string>> = {
  pause: 'Paused',
  resume: 'Resumed',
  close_lot: 'Lot closed: next player',
}
