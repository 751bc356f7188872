import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { type ErrorsOf, textFieldBinder } from '../../components/text-form'
import { showSnackbar } from '../../lib/snackbar'
import { type CreateAuctionBody, createAuction, joinAuction } from './actions'
import { colorsQuery, matchOptionsQuery, seriesOptionsQuery } from './api'
import { type FranchiseValue, firstFree } from './FranchiseFields'

export type Source = 'match' | 'series' | 'league'

/**
 * A match has only ~35 players: small unbalanced squads; a series (~175) or the whole league
 * (~370: a class of 30) fills IPL-style squads (docs/auctions.md "Pools and capacity").
 */
const SQUADS: Record<Source, { squad_min: number; squad_max: number; balanced: boolean }> = {
  match: { squad_min: 3, squad_max: 5, balanced: false },
  series: { squad_min: 11, squad_max: 15, balanced: true },
  league: { squad_min: 11, squad_max: 15, balanced: true },
}

const EMPTY_FORM = {
  name: '',
  match_id: '',
  series_id: '',
  purse: '10000',
  squad_min: '3',
  squad_max: '5',
  balanced: false,
  lot_seconds: '15',
  bidding_interval: 'standard',
  charges: '0',
  bot_takeover_seconds: '',
  max_managers: '',
  private: false,
  // Runs over days (OverDaysCard): hours a lot, the quiet window and its zone, stand-ins.
  over_days: false,
  lot_hours: '6',
  quiet_from: '22:00',
  quiet_to: '08:00',
  time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  stand_in: false,
}

export type AuctionForm = typeof EMPTY_FORM

/** The create-auction form's state and its mutation: create, then (when playing) take the owner's seat. */
export function useCreateAuction() {
  const navigate = useNavigate()
  const client = useQueryClient()
  const matches = useQuery(matchOptionsQuery)
  const series = useQuery(seriesOptionsQuery)
  const colors = useQuery(colorsQuery)
  const [source, setSource] = useState<Source>('match')
  const [form, setForm] = useState(EMPTY_FORM)
  const [play, setPlay] = useState(true)
  const [franchise, setFranchise] = useState<FranchiseValue>({ franchise_name: '', color: '' })
  const setValue = (key: keyof AuctionForm, value: string) => setForm((f) => ({ ...f, [key]: value }))
  /** The props of a text field or select of the form (`{...field('name')}`), once its messages are known. */
  const binder = (errors: ErrorsOf) => textFieldBinder(form, setValue, errors)
  const pickSource = (next: Source) => {
    setSource(next)
    // A refusal about the other pool no longer applies.
    create.reset()
    const squad = SQUADS[next]
    setForm((f) => ({
      ...f,
      squad_min: String(squad.squad_min),
      squad_max: String(squad.squad_max),
      balanced: squad.balanced,
    }))
  }
  const matchId = form.match_id || String(matches.data?.[0]?.id ?? '')
  const seriesId = form.series_id || String(series.data?.[0]?.id ?? '')
  const color = franchise.color || firstFree(colors.data, new Set())

  const create = useMutation({
    mutationFn: async () => {
      const body = auctionBody(form, source, matchId, seriesId)
      const auction = await createAuction(body)
      if (play && auction.code) {
        // The auction exists either way; a refused seat is taken again in the waiting room.
        await joinAuction(auction.id, {
          code: auction.code,
          franchise_name: franchise.franchise_name.trim() || `${auction.name} XI`,
          color,
        }).catch((error: Error) =>
          showSnackbar(`Auction created, but your seat was refused: ${error.message}`),
        )
      }
      return auction
    },
    onSuccess: (auction) => {
      void client.invalidateQueries({ queryKey: ['auctions'] })
      navigate(`/auctions/${auction.id}/waiting-room`, { state: { created: true } })
    },
  })
  return {
    matches,
    series,
    source,
    pickSource,
    form,
    setForm,
    binder,
    matchId,
    seriesId,
    play,
    setPlay,
    franchise: { ...franchise, color },
    setFranchise,
    create,
  }
}

export type CreateAuctionState = ReturnType<typeof useCreateAuction>

/** The request as POST /api/auctions takes it: the pool from the source, empty limits as null. */
function auctionBody(
  form: AuctionForm,
  source: Source,
  matchId: string,
  seriesId: string,
): CreateAuctionBody {
  return {
    name: form.name.trim(),
    ...(source === 'match' ? { match_id: Number(matchId) } : { series_id: Number(seriesId) }),
    ...(source === 'league' ? { pool: 'league' as const } : {}),
    max_managers: form.max_managers.trim() ? Number(form.max_managers) : null,
    purse: Number(form.purse),
    squad_min: Number(form.squad_min),
    squad_max: Number(form.squad_max),
    balanced: form.balanced,
    lot_seconds: form.over_days ? Number(form.lot_hours) * 3600 : Number(form.lot_seconds),
    ...(form.over_days
      ? {
          quiet_hours: { from: form.quiet_from, to: form.quiet_to, time_zone: form.time_zone },
          stand_in: form.stand_in,
        }
      : {}),
    bidding_interval: form.bidding_interval,
    charges: Number(form.charges),
    bot_takeover_seconds: form.bot_takeover_seconds.trim() ? Number(form.bot_takeover_seconds) : null,
    private: form.private,
  }
}
