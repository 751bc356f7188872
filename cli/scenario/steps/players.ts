import { z } from 'zod'
import { matchPartial } from '../match'
import { matcherProblems } from '../matcher-syntax'
import { assign } from '../paths'
import { show } from '../show'
import { StepFailure } from '../step-failure'
import { placeholder, stepKind, userRef } from './common'

const PlayersSpec = z.strictObject({
  match_id: z.union([z.number().int().positive(), placeholder]),
  /** Variable name → a partial match against a player of GET /api/matches/{id}/players. */
  pick: z
    .record(z.string().regex(/^[A-Za-z_]\w*$/, 'a variable name such as striker'), z.unknown())
    .refine((p) => Object.keys(p).length > 0, { message: 'name at least one player to pick' })
    .superRefine((picks, ctx) => {
      for (const [name, spec] of Object.entries(picks))
        for (const problem of matcherProblems(spec, name)) ctx.addIssue({ code: 'custom', message: problem })
    }),
  as: userRef,
})

/**
 * `players:` — picks players of a match into variables, so scripted events and teams name
 * real players without hard-coding seeded ids. Each name gets the first player, in the
 * squad's order (most valuable first), that matches its spec and was not picked before.
 */
export const playersStep = stepKind('players', PlayersSpec, {
  kind: 'players',
  describe: (spec) => `pick players ${Object.keys(spec.pick).join(', ')} of match ${spec.match_id}`,
  usersOf: (spec) => [spec.as],
  async run(spec, ctx) {
    const path = `/api/matches/${spec.match_id}/players`
    const answer = await ctx.http({
      method: 'GET',
      path,
      token: spec.as ? ctx.user(spec.as).token : undefined,
    })
    if (answer.status !== 200)
      throw new StepFailure(`GET ${path} → ${answer.status}: ${show(answer.body, 300)}`)
    const squad = (answer.body as { players: Array<Record<string, unknown>> }).players
    const taken = new Set<unknown>()
    const picked: string[] = []
    for (const [name, want] of Object.entries(spec.pick)) {
      const player = squad.find((p) => !taken.has(p.id) && matchPartial(want, p, [name]).length === 0)
      if (!player)
        throw new StepFailure(
          `no player of match ${spec.match_id} left for ${name}: ${show(want, 200)} (${squad.length} in the squad, ${taken.size} picked before)`,
        )
      taken.add(player.id)
      assign(ctx.vars, name, player)
      picked.push(`${name} = ${player.id} ${String(player.display_name ?? player.name)}`)
    }
    return { detail: `GET ${path} → 200: ${picked.join(', ')}` }
  },
})
