import { hashString, type RandomStream, randomStream } from '../../../server/domain/rng'
import type { Answer, Schema } from '../api-types'
import { DemoClient, isRefusal } from './client'
import type { DemoState } from './types'

/** Seeded players who post, like, comment and chat, through the players' own API. */
export const SOCIAL_BOTS = 6

const POSTS = [
  'Backing the spinners tonight, the pitch looks dry.',
  'Captain pick sorted. Vice-captain is the real headache.',
  'Anyone else going differential with the keeper?',
  'That last over changed everything in my league.',
  'Budget left: 0.5 credits. Living dangerously.',
  'Who is in the auction tonight? Bring your purse.',
  'Form is temporary, the all-rounder is permanent.',
  'Top three in the guaranteed league, hold on tight!',
]
const COMMENTS = [
  'Bold call!',
  'Same here 😄',
  'No way, he is out of form.',
  'Agreed, great pick.',
  'We will see at the toss.',
]
const MESSAGES = [
  'Who did you captain?',
  'Join the auction, the code is on the projector',
  'My team is cooked already 😂',
  'That six was huge',
  'Lineups are out!',
  'Good luck everyone',
]

interface Player {
  client: DemoClient
  groups: string[] | null
}

/**
 * The social side of the demo. Which player acts and how is drawn from a stream of the demo's
 * seed (the same seed gives the same story); what they act on — the newest posts of their
 * feed — is whatever the league holds at that moment.
 */
export class SocialBots {
  private readonly players: Player[]
  private readonly rng: RandomStream
  private sent = 0

  /** `password`: the seeded demo users' (null when not known here: they are acted as by `admin`). */
  constructor(
    private readonly state: DemoState,
    admin: DemoClient,
    logins: string[],
    seed: number,
    password: string | null,
  ) {
    this.players = logins.map((login) => ({
      client: new DemoClient(admin.server, login, password, admin),
      groups: null,
    }))
    this.rng = randomStream(hashString(`${seed}:demo:social`))
  }

  /** The first seeded players of the league (not the demo player, the admin or a bot). */
  static async pick(admin: DemoClient, demoUsername: string): Promise<string[]> {
    const { users } = await admin.get<Answer<'/api/admin/users'>>('/api/admin/users?role=player&per_page=100')
    return users
      .filter((u) => u.username !== demoUsername && !u.email.endsWith('@bots.fanspole.local'))
      .sort((a, b) => a.id - b.id)
      .slice(0, SOCIAL_BOTS)
      .map((u) => u.email)
  }

  /** One action by one player; a refusal (rate limit, a post gone) is skipped, not fatal. */
  async act(contestId: number | null): Promise<void> {
    const player = this.players.length > 0 ? this.rng.pick(this.players) : undefined
    if (!player) return
    const roll = this.rng.int(1, 10)
    try {
      if (roll <= 2) await this.post(player, contestId)
      else if (roll <= 5) await this.like(player)
      else if (roll <= 6) await this.comment(player)
      else await this.chat(player)
    } catch (error) {
      if (!isRefusal(error)) throw error
      this.state.note = `${player.client.login}: ${error.reason}`
    }
  }

  private async post(player: Player, contestId: number | null) {
    const content = this.rng.pick(POSTS)
    const path = contestId !== null && this.rng.bool(0.5) ? `/api/contests/${contestId}/posts` : '/api/posts'
    await player.client.post(path, { content })
    this.state.social.posts++
  }

  private async feed(player: Player) {
    const { items } = await player.client.get<Answer<'/api/feeds'>>('/api/feeds?per_page=10')
    return items.flatMap((i) => ('post' in i ? [i.post] : []))
  }

  private async like(player: Player) {
    const posts = (await this.feed(player)).filter((p) => !p.is_liked_by_current_user)
    const post = posts.length > 0 ? this.rng.pick(posts) : undefined
    if (!post) return
    await player.client.post(`/api/posts/${post.id}/like`)
    this.state.social.likes++
  }

  private async comment(player: Player) {
    const posts = await this.feed(player)
    const post = posts.length > 0 ? this.rng.pick(posts) : undefined
    if (!post) return
    await player.client.post(`/api/posts/${post.id}/comments`, { content: this.rng.pick(COMMENTS) })
    this.state.social.comments++
  }

  private async chat(player: Player) {
    player.groups ??= (
      await player.client.get<{ groups: Array<Pick<Schema<'Group'>, 'group_uuid_id'>> }>(
        '/api/groups?fields=group_uuid_id',
      )
    ).groups.map((g) => g.group_uuid_id)
    const group = player.groups.length > 0 ? this.rng.pick(player.groups) : undefined
    if (!group) return
    this.sent++
    await player.client.post(`/api/groups/${group}/messages`, {
      identifier_key: `demo-${this.sent}-${this.rng.uint32()}`,
      message: this.rng.pick(MESSAGES),
    })
    this.state.social.messages++
  }
}
