import type { z } from 'zod'
import type { CricketBall } from '../events/schema'

type Ball = Pick<z.infer<typeof CricketBall>, 'runs' | 'boundary' | 'extras'> & {
  wicket?: { kind: string } | null
}

export type BallKind = 'wicket' | 'four' | 'six' | 'dot' | 'run' | 'extra'

/**
 * A delivery as a score strip shows it: `W`, `4`, `6`, `.` for a dot, `1`, `1wd`, `5nb`, `2b`.
 * The kind colours it. One function for the server's recent balls and the web's live pushes.
 */
export function ballToken(ball: Ball): { text: string; kind: BallKind } {
  // Retiring hurt is not a dismissal: the ball shows what was scored off it.
  if (ball.wicket && ball.wicket.kind !== 'retired hurt') return { text: 'W', kind: 'wicket' }
  const { wides, noballs, byes, legbyes } = ball.extras
  if (wides) return { text: `${wides}wd`, kind: 'extra' }
  if (noballs) return { text: `${ball.runs + noballs}nb`, kind: 'extra' }
  if (byes + legbyes) return { text: `${byes + legbyes}${legbyes ? 'lb' : 'b'}`, kind: 'extra' }
  if (ball.boundary && ball.runs === 6) return { text: '6', kind: 'six' }
  if (ball.boundary && ball.runs === 4) return { text: '4', kind: 'four' }
  if (ball.runs === 0) return { text: '.', kind: 'dot' }
  return { text: String(ball.runs), kind: 'run' }
}
