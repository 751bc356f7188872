import type { Api } from './api'
import type { Answer, Schema } from './api-types'
import { ApiError, UsageError } from './errors'
import type { Style } from './style'
import { formatTable } from './table'

// Shapes of the groups API as `fanspole group` reads them (docs/groups.md, "Shapes").

export type GroupMember = Schema<'GroupMember'>
export type GroupMessage = NonNullable<Schema<'GroupMessage'>>
export type Group = Schema<'Group'>
// TODO(schema): the server's GroupMessage schema is nullable (for a group's last_message), so
// the generated message list types every message as nullable; a page never holds null.
export type MessagePage = Omit<Answer<'/api/groups/{uuid}/messages'>, 'messages'> & {
  messages: GroupMessage[]
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** How a group is shown: its name, or for a one-to-one the other person. */
export function groupTitle(group: Group, mySlug: string): string {
  if (group.kind === 'group') return group.name
  const other = group.group_members.find((m) => m.slug !== mySlug)
  return other ? `@${other.username}` : '(just you)'
}

/** The first 8 characters of the uuid: enough to name a group on the command line. */
export const shortId = (uuid: string) => uuid.slice(0, 8)

/**
 * `<group>` on the command line: a full group_uuid_id, or any unique prefix of one (the 8
 * characters `group list` shows), or a group's exact name (any case) — among my groups.
 */
export async function resolveGroup(api: Api, text: string): Promise<string> {
  const wanted = text.trim()
  if (UUID.test(wanted)) return wanted.toLowerCase()
  if (wanted.length === 0) throw new UsageError('<group>: expected a group id (from fanspole group list)')
  const mine = await allMyGroups(api)
  const byPrefix = mine.filter((g) => g.group_uuid_id.startsWith(wanted.toLowerCase()))
  const byName = mine.filter((g) => g.kind === 'group' && g.name.toLowerCase() === wanted.toLowerCase())
  const found = byPrefix.length > 0 ? byPrefix : byName
  if (found.length === 1) return (found[0] as Group).group_uuid_id
  if (found.length > 1)
    throw new UsageError(
      `<group>: ${JSON.stringify(text)} names ${found.length} of your groups (${found
        .slice(0, 5)
        .map((g) => shortId(g.group_uuid_id))
        .join(', ')}); give more of the id`,
    )
  throw new ApiError(404, {
    code: 'NOT_FOUND',
    error: `You are not in a group ${JSON.stringify(text)}: see fanspole group list`,
  })
}

/** Every group I am in (pages of 50): a player is in a handful, not thousands. */
export async function allMyGroups(api: Api): Promise<Group[]> {
  const out: Group[] = []
  for (let page = 1; page <= 40; page++) {
    const { groups } = await api.get<{ groups: Group[] }>(`/api/groups?page=${page}&per_page=50`)
    out.push(...groups)
    if (groups.length < 50) break
  }
  return out
}

export const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text)
/** One line of a message: line breaks shown as ⏎. */
export const flat = (text: string) => text.replace(/\s*\n\s*/g, ' ⏎ ')

const CARD_NAMES: Record<GroupMessage['message_type'], string> = {
  text_message: '',
  contest_card: 'contest',
  auction_invite: 'auction invite',
  gang_card: 'gang',
}

/** `[contest #12] text` for cards, the text for plain messages. */
export function messageText(m: Pick<GroupMessage, 'message' | 'message_type' | 'card_id'>): string {
  const card = CARD_NAMES[m.message_type]
  return card ? `[${card} #${m.card_id ?? '?'}] ${m.message}` : m.message
}

/** The plain line of a message (`group show`, `group chat` off a terminal). */
export const messageLine = (m: GroupMessage) =>
  `${m.display_time} ${m.user.username}: ${flat(messageText(m))}`

export function groupsTable(groups: Group[], mySlug: string, s: Style): string {
  return formatTable(
    groups,
    [
      { header: 'ID', value: (g) => shortId(g.group_uuid_id) },
      { header: 'NAME', value: (g) => clip(groupTitle(g, mySlug), 30) },
      { header: 'MEMBERS', value: (g) => g.members_count },
      {
        header: 'UNREAD',
        value: (g) => (g.unread_message_count > 0 ? g.unread_message_count : ''),
        align: 'right',
        paint: (t) => s.bold(t),
      },
      { header: 'MUTED', value: (g) => (g.is_muted ? 'muted' : ''), paint: (t) => s.dim(t) },
      {
        header: 'LAST MESSAGE',
        value: (g) =>
          g.last_message
            ? clip(
                `${g.last_message.display_time} ${g.last_message.user.username}: ${flat(messageText(g.last_message))}`,
                60,
              )
            : '',
      },
    ],
    s,
  )
}

export function membersTable(members: GroupMember[], s: Style): string {
  return formatTable(
    members,
    [
      { header: 'USER', value: (m) => m.slug },
      { header: 'NAME', value: (m) => m.username },
      { header: 'ROLE', value: (m) => (m.is_creator ? 'creator' : m.role) },
    ],
    s,
  )
}
