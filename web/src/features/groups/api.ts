import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import { type Body, data, http, type RequestBody, type Schema } from '../../lib/client'

/**
 * Groups and one-to-one chats (docs/groups.md). The shapes are the server's own schemas (through
 * the generated API types), so a renamed field breaks the build. Every query key starts with GROUPS_KEY.
 */
export type Group = Schema<'Group'>
export type GroupMember = Schema<'GroupMember'>
// TODO(schema): the document's GroupMessage component is nullable (a last_message registers it so).
export type GroupMessage = NonNullable<Schema<'GroupMessage'>>
export type PublicGroup = Body<'/api/groups/search'>['groups'][number]
export type MessagesPage = Omit<Body<'/api/groups/{uuid}/messages'>, 'messages'> & {
  messages: GroupMessage[]
}

/** The server's limit (server/areas/groups/messages.ts, MESSAGE_MAX_CHARS): that module needs the database. */
export const MESSAGE_MAX_CHARS = 2000
export const MESSAGES_PER_PAGE = 30
export const GROUPS_KEY = ['groups'] as const

export const groupPath = (uuid: string) => `/groups/${encodeURIComponent(uuid)}`
const at = (uuid: string) => ({ params: { path: { uuid } } })

export const myGroupsQuery = queryOptions({
  queryKey: [...GROUPS_KEY, 'mine'],
  queryFn: async () => (await data(http.GET('/api/groups', { params: { query: { per_page: 50 } } }))).groups,
  staleTime: 10_000,
})

export const groupQuery = (uuid: string) =>
  queryOptions({
    queryKey: [...GROUPS_KEY, 'one', uuid],
    queryFn: async () => (await data(http.GET('/api/groups/{uuid}', at(uuid)))).group,
    retry: false,
    // The pages say themselves what a 404 means here (not, or no longer, a member).
    meta: { silent: true },
  })

export const membersQuery = (uuid: string) =>
  queryOptions({
    queryKey: [...GROUPS_KEY, 'one', uuid, 'members'],
    queryFn: async () => (await data(http.GET('/api/groups/{uuid}/members', at(uuid)))).group_members,
    retry: false,
    meta: { silent: true },
  })

/** Pages back from the newest: each page is oldest first, `next_before_id` the next cursor. */
export const messagesQuery = (uuid: string) =>
  infiniteQueryOptions({
    queryKey: [...GROUPS_KEY, 'one', uuid, 'messages'],
    queryFn: ({ pageParam }) =>
      data(
        http.GET('/api/groups/{uuid}/messages', {
          params: { path: { uuid }, query: { before_id: pageParam, per_page: MESSAGES_PER_PAGE } },
        }),
      ) as Promise<MessagesPage>,
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.next_before_id ?? undefined,
    retry: false,
    meta: { silent: true },
    staleTime: Number.POSITIVE_INFINITY,
  })

export const searchGroupsQuery = (q: string) =>
  queryOptions({
    queryKey: [...GROUPS_KEY, 'search', q],
    queryFn: async () =>
      (await data(http.GET('/api/groups/search', { params: { query: { q, per_page: 30 } } }))).groups,
    staleTime: 15_000,
  })

export type NewGroup = RequestBody<'/api/groups'>
export const createGroup = (body: NewGroup) => data(http.POST('/api/groups', { body }))
export const editGroup = (uuid: string, body: RequestBody<'/api/groups/{uuid}', 'put'>) =>
  data(http.PUT('/api/groups/{uuid}', { ...at(uuid), body }))
export const joinGroup = (inviteCode: string) =>
  data(http.POST('/api/groups/join', { body: { invite_code: inviteCode } }))
export const oneToOne = (userSlug: string) =>
  data(http.POST('/api/groups/create_one_to_one', { body: { user_slug: userSlug } }))
/** The invite; `reset` (admins) draws a new code and the old link stops working. */
export const shareGroup = (uuid: string, reset = false) =>
  data(http.POST(reset ? '/api/groups/{uuid}/reset_invite' : '/api/groups/{uuid}/share', at(uuid)))
export const setMuted = (uuid: string, muted: boolean) =>
  data(http.POST(muted ? '/api/groups/{uuid}/mute' : '/api/groups/{uuid}/unmute', at(uuid)))
export const addMembers = (uuid: string, slugs: string[]) =>
  data(http.POST('/api/groups/{uuid}/members', { ...at(uuid), body: { user_slugs: slugs } }))
export const removeMember = (uuid: string, slug: string) =>
  data(http.DELETE('/api/groups/{uuid}/members/{user_slug}', { params: { path: { uuid, user_slug: slug } } }))
export const sendMessage = (uuid: string, body: RequestBody<'/api/groups/{uuid}/messages'>) =>
  data(http.POST('/api/groups/{uuid}/messages', { ...at(uuid), body })) as Promise<{ message: GroupMessage }>
export const markRead = (uuid: string, messageId: number) =>
  data(http.POST('/api/groups/{uuid}/read', { ...at(uuid), body: { message_id: messageId } }))

export const membersLabel = (count: number) => `${count} ${count === 1 ? 'member' : 'members'}`

/** What a conversation is called: its name, or for a one-to-one the other person. */
export function groupTitle(group: Pick<Group, 'name' | 'kind' | 'group_members'>, mySlug?: string): string {
  if (group.kind === 'group') return group.name
  const other = group.group_members.find((m) => m.slug !== mySlug) ?? group.group_members[0]
  return other?.username ?? 'Conversation'
}

/** Its picture: the group's image, or the other person's. */
export function groupImage(group: Pick<Group, 'image' | 'kind' | 'group_members'>, mySlug?: string) {
  if (group.kind === 'group') return group.image
  return group.group_members.find((m) => m.slug !== mySlug)?.image_url ?? null
}
