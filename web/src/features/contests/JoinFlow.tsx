import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type ReactNode, useEffect, useRef, useState } from 'react'
import { useLocation, useNavigate, useSearchParams } from 'react-router'
import { LOGIN_PATH } from '../../lib/paths'
import { AFTER_TEAM_CREATE, setReturnAddress } from '../../lib/return-to'
import { isSignedIn, rememberPath } from '../../lib/session'
import { showSnackbar } from '../../lib/snackbar'
import { type Confirmation, contestQuery, joiningConfirmation } from './api'
import { JoinDialog, LowBalanceDialog } from './JoinDialogs'
import type { Target } from './types'

type Open =
  | { kind: 'join'; target: Target; pre: Confirmation }
  | { kind: 'funds'; target: Target; pre: Confirmation }

/**
 * The join flow of spec §7: the pre-flight `joining_confirmation` decides the dialog —
 * join_league (pay and pick a team), add_funds (low balance), create_team (off to the
 * builder, which brings the player back here to join), already_joined / event_locked
 * (a snackbar and the contest page).
 */
export function useJoinFlow(): {
  start: (target: Target) => void
  busyId: number | null
  dialogs: ReactNode
} {
  const navigate = useNavigate()
  const location = useLocation()
  const [open, setOpen] = useState<Open | null>(null)
  const preflight = useMutation({
    mutationFn: (target: Target) => joiningConfirmation(target.id),
    onSuccess: (pre, target) => {
      switch (pre.popup) {
        case 'join_league':
          setOpen({ kind: 'join', target, pre })
          break
        case 'add_funds':
          setOpen({ kind: 'funds', target, pre })
          break
        case 'create_team': {
          const back = new URLSearchParams(location.search)
          back.set('join', String(target.id))
          setReturnAddress(AFTER_TEAM_CREATE, `${location.pathname}?${back}`)
          showSnackbar('Create a team first; you come back here to join.', 'info')
          navigate(`/matches/${target.match_id}/create-team`)
          break
        }
        default:
          showSnackbar(pre.error ?? 'You cannot join this contest')
          if (location.pathname !== `/contests/${target.id}`) navigate(`/contests/${target.id}`)
      }
    },
  })
  const start = (target: Target) => {
    if (!isSignedIn()) {
      rememberPath(location.pathname + location.search)
      navigate(LOGIN_PATH)
      return
    }
    preflight.mutate(target)
  }
  const close = () => setOpen(null)
  const dialogs = (
    <>
      <JoinDialog open={open?.kind === 'join' ? open : null} onClose={close} />
      <LowBalanceDialog open={open?.kind === 'funds' ? open : null} onClose={close} />
    </>
  )
  return { start, busyId: preflight.isPending ? (preflight.variables?.id ?? null) : null, dialogs }
}

/** `?join=<contest id>` (set when the builder sends a player back): run the join flow once, then drop it. */
export function useJoinFromAddress(start: (target: Target) => void): void {
  const [search, setSearch] = useSearchParams()
  const client = useQueryClient()
  const id = Number(search.get('join'))
  const started = useRef<number | null>(null)
  useEffect(() => {
    if (!id || started.current === id) return
    started.current = id
    setSearch(
      (current) => {
        const out = new URLSearchParams(current)
        out.delete('join')
        return out
      },
      { replace: true },
    )
    void client
      .fetchQuery(contestQuery(id))
      .then((c) => start({ id: c.id, match_id: c.match_id, name: c.name }))
  }, [id, client, setSearch, start])
}
