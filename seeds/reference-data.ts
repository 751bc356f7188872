import type { Kysely } from 'kysely'
import { AVATAR_COUNT, AVATAR_NAMES } from '../server/areas/users/avatar-svg'
import type { Database, SportKind } from '../server/db/schema'

/**
 * Reference data every database needs, seeded or not: the OAuth clients, the avatar
 * catalogue and the six sports. Idempotent; runs at every start after migrations.
 */
export const OAUTH_CLIENTS = [
  { id: 'web', name: 'Fanspole web client' },
  { id: 'cli', name: 'fanspole command line' },
] as const

export const SPORTS: ReadonlyArray<{ slug: string; name: string; kind: SportKind; team_size: number }> = [
  { slug: 'cricket', name: 'Cricket', kind: 'team', team_size: 11 },
  { slug: 'football', name: 'Football', kind: 'team', team_size: 11 },
  { slug: 'f1', name: 'F1', kind: 'racing', team_size: 5 },
  { slug: 'pubg', name: 'PUBG', kind: 'battle_royale', team_size: 5 },
  { slug: 'free-fire', name: 'Free Fire', kind: 'battle_royale', team_size: 5 },
  { slug: 'call-of-duty', name: 'Call of Duty', kind: 'battle_royale', team_size: 5 },
]

export async function ensureReferenceData(db: Kysely<Database>, nowMs: number): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await tx
      .insertInto('oauth_clients')
      .values(OAUTH_CLIENTS.map((c) => ({ ...c, created_at_ms: nowMs })))
      .onConflict((oc) => oc.column('id').doNothing())
      .execute()
    const avatarCount = await tx
      .selectFrom('avatars')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
    if (Number(avatarCount.n) === 0) {
      await tx
        .insertInto('avatars')
        .values(
          Array.from({ length: AVATAR_COUNT }, (_, i) => ({
            name: AVATAR_NAMES[i] as string,
            url: `/media/avatars/${i + 1}.svg`,
            sort: i + 1,
          })),
        )
        .execute()
    }
    await tx
      .insertInto('sports')
      .values(SPORTS.map((s, i) => ({ ...s, sort: i + 1 })))
      .onConflict((oc) => oc.column('slug').doNothing())
      .execute()
  })
}
