import { type QueryClient, queryOptions } from '@tanstack/react-query'
import type { TeamPlayer } from '../../../../server/domain/team-rules'
import { get, post, put } from '../../lib/api'
import type { UserTeam } from '../contests'
import type { Player } from '../matches'

export const userTeamQuery = (matchId: number, teamId: number) =>
  queryOptions({
    queryKey: ['user-team', matchId, teamId],
    queryFn: async () =>
      (await get<{ user_team: UserTeam }>(`/api/matches/${matchId}/user_teams/${teamId}`)).user_team,
    staleTime: 10_000,
  })

export interface TeamBody {
  player_ids: string
  captain: number
  vice_captain: number
}

/** Spec §5: a submission carries captain, vice_captain and player_ids as a comma-joined list. */
export function saveTeam(matchId: number, teamId: number | null, body: TeamBody): Promise<UserTeam> {
  return teamId
    ? put<{ user_team: UserTeam }>(`/api/matches/${matchId}/user_teams/${teamId}`, body).then(
        (r) => r.user_team,
      )
    : post<{ user_team: UserTeam }>(`/api/matches/${matchId}/user_teams`, body).then((r) => r.user_team)
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
