import { findUserBySlug, profileStream, visibleUser } from '../../areas/users'
import type { ChannelDefinition } from '../types'

/**
 * A profile's follower and following counts, live. Identifier
 * `{"channel":"ProfileChannel","slug":"asha"}`. Sends `{type:'counts', user_slug,
 * follower_count, following_count}` on subscribe, then again after every follow or unfollow
 * of or by that user commits. Counts are public (they are on the profile), so anyone signed in
 * may watch any active user.
 */
export const ProfileChannel: ChannelDefinition = {
  name: 'ProfileChannel',
  async subscribed(ctx) {
    const slug = ctx.params.slug
    const user =
      typeof slug === 'string' && slug.length <= 100
        ? await visibleUser(ctx.deps.db, { slug }).catch(() => undefined)
        : undefined
    if (!user) return ctx.reject()
    ctx.streamFrom(profileStream(user.id))
    // Read after streaming starts: a follow committed in between is in this snapshot or in a
    // broadcast (the counts are absolute, so seeing both is harmless).
    const now = (await findUserBySlug(ctx.deps.db, user.slug)) ?? user
    ctx.transmit({
      type: 'counts',
      user_slug: now.slug,
      follower_count: now.follower_count,
      following_count: now.following_count,
    })
  },
  actions: {},
}
