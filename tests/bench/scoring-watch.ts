import type BetterSqlite3 from 'better-sqlite3'
import { contestUserStream } from '../../server/areas/scoring/publish'
import type { Deps } from '../../server/core/deps'
import type { RandomStream } from '../../server/domain/rng'

/**
 * A few people watching, as the ContestChannel subscribes them: the mega contest's and 20
 * other contests' leaderboards, and 200 players' own ranks in them. Every other contest is
 * unwatched, so the publisher must build nothing for it.
 */
export function watch(deps: Deps, sqlite: BetterSqlite3.Database, matchId: number, rand: RandomStream) {
  const contests = sqlite
    .prepare(
      `select id, members_count from contests where match_id = ? and status = 'locked'
       order by members_limit desc, id`,
    )
    .raw()
    .all(matchId) as Array<[number, number]>
  const picked = new Map<number, number>([contests[0] as [number, number]])
  while (picked.size < Math.min(21, contests.length)) {
    const [id, size] = contests[rand.int(0, contests.length - 1)] as [number, number]
    picked.set(id, size)
  }
  let frames = 0
  const count = () => {
    frames++
  }
  const stops = [...picked.keys()].map((id) => deps.bus.subscribe(`contest:${id}`, count))
  const memberAt = sqlite
    .prepare('select user_id from contest_members where contest_id = ? order by id limit 1 offset ?')
    .pluck()
  const list = [...picked]
  for (let i = 0; i < 200; i++) {
    const [contest, size] = list[i % list.length] as [number, number]
    const user = memberAt.get(contest, rand.int(0, Math.max(0, size - 1))) as number | undefined
    if (user !== undefined) stops.push(deps.bus.subscribe(contestUserStream(contest, user), count))
  }
  return {
    frames: () => frames,
    stop: () => {
      for (const stop of stops) stop()
    },
  }
}
