import { type QueryClient, queryOptions } from '@tanstack/react-query'
import type { TeamPlayer } from '../../../../server/domain/team-rules'
import { type Body, data, http, type Schema } from '../../lib/client'
import type { UserTeam } from '../contests'
import type { Player } from '../matches'

export const userTeamQuery = (matchId: number, teamId: number) =>
  queryOptions({
    queryKey: ['user-team', matchId, teamId],
    queryFn: async () =>
      (
        await data(
          http.GET('/api/matches/{match_id}/user_teams/{id}', {
            params: { path: { match_id: matchId, id: teamId } },
          }),
        )
      ).user_team,
    staleTime: 10_000,
  })

export type TeamBody = Schema<'UserTeamRequest'> & { player_ids: string }

/** Spec §5: a submission carries captain, vice_captain and player_ids as a comma-joined list. */
export function saveTeam(matchId: number, teamId: number | null, body: TeamBody): Promise<UserTeam> {
  const saved = teamId
    ? http.PUT('/api/matches/{match_id}/user_teams/{id}', {
        params: { path: { match_id: matchId, id: teamId } },
        body,
      })
    : http.POST('/api/matches/{match_id}/user_teams', { params: { path: { match_id: matchId } }, body })
  return data(saved).then((r) => r.user_team)
}

export function afterSave(client: QueryClient, matchId: number, team: UserTeam): void {
  client.setQueryData(userTeamQuery(matchId, team.id).queryKey, team)
  void client.invalidateQueries({ queryKey: ['user-teams', matchId] })
  void client.invalidateQueries({ queryKey: ['match', matchId] })
  void client.invalidateQueries({ queryKey: ['contests'] })
}

/** A player as the shared rules see it. */
export function toRulesPlayer(p: Pick<Player, 'id' | 'style' | 'value_tenths' | 'team'>): TeamPlayer {
  return { id: p.id, style: p.style, value_tenths: p.value_tenths, real_team_id: p.team.id }
}

export type TeamBreakdown = Body<'/api/matches/{match_id}/user_teams/{id}/breakdown'>['breakdown']

/** Each player's points by event (with the leader's bonus) and, from the start, how often they were picked. */
export const teamBreakdownQuery = (matchId: number, teamId: number) =>
  queryOptions({
    queryKey: ['match', matchId, 'breakdown', teamId],
    queryFn: async () =>
      (
        await data(
          http.GET('/api/matches/{match_id}/user_teams/{id}/breakdown', {
            params: { path: { match_id: matchId, id: teamId } },
          }),
        )
      ).breakdown,
    staleTime: 10_000,
  })
