import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { useNavigate } from 'react-router'
import {
  DEFAULT_REVEAL_MINUTES,
  ESPORTS_KINDS,
  type EsportsKind,
  type EsportsMode,
  maxSlots,
} from '../../../../../server/domain/esports/rules'
import { createEsportsContest, type EsportsDraft } from './api'

const initialDraft = (slug: EsportsKind) => ({
  mode: 'squad' as EsportsMode,
  name: '',
  description: '',
  map: '',
  slots: String(Math.min(10, maxSlots(ESPORTS_KINDS[slug].game, 'squad'))),
  fee: '0',
  perKill: '0',
  prize: 'winner_takes_all',
  minLevel: '0',
  startsIn: '60',
  reveal: String(DEFAULT_REVEAL_MINUTES),
  isPrivate: false,
})

export type EsportsForm = ReturnType<typeof initialDraft>
export type TextKey = Exclude<keyof EsportsForm, 'isPrivate'>

/** The host form's values, the create mutation and the submit that sends only what applies. */
export function useEsportsCreate(slug: EsportsKind) {
  const navigate = useNavigate()
  const client = useQueryClient()
  const [form, setForm] = useState(() => initialDraft(slug))
  const set = (key: TextKey) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: e.target.value }))
  const setPrivate = (isPrivate: boolean) => setForm((f) => ({ ...f, isPrivate }))
  const paid = Number(form.fee) > 0
  const create = useMutation({
    mutationFn: (body: EsportsDraft) => createEsportsContest(body),
    meta: { silent: true },
    onSuccess: (answer) => {
      void client.invalidateQueries({ queryKey: ['esports-contests'] })
      void client.invalidateQueries({ queryKey: ['esports-access'] })
      navigate(`/contests/${answer.esports_contest.id}`)
    },
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const { mode, name, description, map, slots, fee, perKill, prize, minLevel, startsIn, reveal } = form
    create.mutate({
      kind: slug,
      mode,
      name,
      ...(description.trim() ? { description } : {}),
      ...(map ? { map } : {}),
      slots,
      entry_fee: fee,
      ...(paid ? { per_kill: perKill, prize_option: prize } : {}),
      min_level: minLevel,
      starts_in_minutes: startsIn,
      reveal_minutes: reveal,
      is_private: paid ? form.isPrivate : true,
    })
  }
  return { form, set, setPrivate, paid, create, submit }
}

export type EsportsCreateState = ReturnType<typeof useEsportsCreate>
