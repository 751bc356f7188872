import { describe, expect, it } from 'vitest'
import {
  classicApply,
  classicReset,
  loadClassicTeam,
  newClassicTeam,
} from '../../../server/domain/championship/classic-team'
import { freeTransfersLeft } from '../../../server/domain/championship/transfers'
import { addPlayer, removePlayer, setCaptain, setViceCaptain } from '../../../server/domain/working-team'
import { ids, pool, times } from '../teams/team-rules.fixtures'

/** A valid XI (ids 1–11) and spare players 12–17 of each role, 8 credits each. */
const players = pool([7, ...times(4, 1), 9, 9, ...times(4, 13), 1, 1, 9, 13, 13, 13], 8)
const XI = players.slice(0, 11)
const byId = (id: number) => players.find((p) => p.id === id)!
const saved = { sport: 'cricket', players: XI, captain_id: 1, vice_captain_id: 6 }
const swapIn = (team: ReturnType<typeof newClassicTeam>, out: number, inn: number) =>
  classicApply(
    classicApply(team, (t) => removePlayer(t, out)),
    (t) => addPlayer(t, byId(inn), players),
  )

describe('classic working team (builder)', () => {
  it('a new team is unlimited: "∞" free and paid, nothing to pay', () => {
    const team = XI.reduce(
      (t, p) => classicApply(t, (w) => addPlayer(w, p, players)),
      newClassicTeam('cricket'),
    )
    expect(team.selected_players_count).toBe(11)
    expect(team).toMatchObject({
      free_transfers_left: null,
      paid_transfers_left: null,
      save_cost_change_paise: 0,
      current_player_in: [],
      last_team_player_ids: [],
    })
    expect(team.transfers.unlimited).toBe(true)
  })

  it('shows free and paid transfers left and the cost as players change', () => {
    let team = loadClassicTeam(saved, { player_ids: ids(XI), free_left: 1 })
    expect(team).toMatchObject({ valid_team: true, free_transfers_left: 1, paid_transfers_left: 2 })
    team = swapIn(team, 2, 12) // batter for batter: free
    expect(team).toMatchObject({
      free_transfers_left: 0,
      paid_transfers_left: 2,
      save_cost_change_paise: 0,
      current_player_in: [12],
      current_player_out: [2],
    })
    team = swapIn(team, 3, 13) // the 2nd is paid: ₹15
    expect(team).toMatchObject({
      free_transfers_left: 0,
      paid_transfers_left: 1,
      save_cost_change_paise: 1500,
    })
    team = swapIn(team, 8, 15) // 3rd: ₹25 more
    expect(team).toMatchObject({ paid_transfers_left: 0, save_cost_change_paise: 4000, valid_team: true })
    team = swapIn(team, 9, 16) // 4th: refused, the team is not valid
    expect(team.valid_team).toBe(false)
    expect(team.violations.map((v) => v.rule)).toEqual(['too_many_transfers'])
    expect(team.violations[0]?.message).toBe('transfers: 4 used, 1 free + 2 paid left')
    // Putting one back makes it valid again (net change).
    team = swapIn(team, 16, 9)
    expect(team.valid_team).toBe(true)
    expect(team.violations).toEqual([])
  })

  it('captain and vice-captain changes cost nothing', () => {
    const team = loadClassicTeam(saved, { player_ids: ids(XI), free_left: 0 })
    const changed = classicApply(
      classicApply(team, (t) => setCaptain(t, 5)),
      (t) => setViceCaptain(t, 7),
    )
    expect(changed).toMatchObject({
      captain_id: 5,
      vice_captain_id: 7,
      save_cost_change_paise: 0,
      valid_team: true,
    })
    expect(changed.transfers.used).toBe(0)
  })

  it('the cost shown is the change from the saved team (its transfers are already counted)', () => {
    const lock = { player_ids: ids(XI), free_left: 0 }
    const savedWithPaid = { ...saved, players: [...XI.filter((p) => p.id !== 2), byId(12)] }
    let team = loadClassicTeam(savedWithPaid, lock)
    expect(team).toMatchObject({
      last_saved_player_in: [12],
      last_saved_player_out: [2],
      save_cost_change_paise: 0,
    })
    expect(team.transfers.cost_paise).toBe(1500)
    team = swapIn(team, 12, 2) // reverting the paid transfer saves ₹15
    expect(team.save_cost_change_paise).toBe(-1500)
    expect(team.transfers.cost_paise).toBe(0)
  })

  it('spec §4 "free transfers left" agrees with the plan while no paid transfer is used', () => {
    const lock = { player_ids: ids(XI), free_left: 3 }
    const loaded = loadClassicTeam({ ...saved, players: [...XI.filter((p) => p.id !== 2), byId(12)] }, lock)
    const original = loaded.free_transfers_left as number
    const now = swapIn(loaded, 3, 13)
    expect(
      freeTransfersLeft(original, now.current_player_in.length, loaded.last_saved_player_in.length),
    ).toBe(now.free_transfers_left)
  })

  it('classic reset restores the team as loaded, or clears a new one', () => {
    const lock = { player_ids: ids(XI), free_left: 2 }
    const loaded = loadClassicTeam(saved, lock)
    const changed = classicApply(swapIn(loaded, 2, 12), (t) => setCaptain(t, 4))
    const reset = classicReset(changed)
    expect(reset).toEqual(loaded)
    expect(reset.selected_players).toEqual(ids(XI))
    expect(reset.captain_id).toBe(1)

    const fresh = classicApply(newClassicTeam('cricket'), (t) => addPlayer(t, byId(1), players))
    expect(classicReset(fresh)).toEqual(newClassicTeam('cricket'))
  })
})
