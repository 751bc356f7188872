import type { z } from '@hono/zod-openapi'
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import type { GroupMemberSchema, GroupMessageSchema, GroupSchema } from '../../../../server/areas/groups'
import { del, get, post, put } from '../../lib/api'

/**
 * Groups and one-to-one chats (docs/groups.md). The shapes are the server's own zod schemas,
 * so a renamed field breaks the build. Every query key starts with GROUPS_KEY.
 */
export type Group = z.infer<typeof GroupSchema>
export type GroupMember = z.infer<typeof GroupMemberSchema>
export type GroupMessage = z.infer<typeof GroupMessageSchema>
export type PublicGroup = Group & { invite_code: string }
export interface MessagesPage {
  messages: GroupMessage[]
  next_before_id: number | null
}

/** The server's limit (server/areas/groups/messages.ts, MESSAGE_MAX_CHARS): that module needs the database. */
export const MESSAGE_MAX_CHARS = 2000
export const MESSAGES_PER_PAGE = 30
export const GROUPS_KEY = ['groups'] as const

export const groupPath = (uuid: string) => `/groups/${encodeURIComponent(uuid)}`
const apiPath = (uuid: string) => `/api/groups/${encodeURIComponent(uuid)}`

export const myGroupsQuery = queryOptions({
  queryKey: [...GROUPS_KEY, 'mine'],
  queryFn: async () => (await get<{ groups: Group[] }>('/api/groups', { query: { per_page: 50 } })).groups,
  staleTime: 10_000,
})

export const groupQuery = (uuid: string) =>
  queryOptions({
    queryKey: [...GROUPS_KEY, 'one', uuid],
    queryFn: async () => (await get<{ group: Group }>(apiPath(uuid))).group,
    retry: false,
    // The pages say themselves what a 404 means here (not, or no longer, a member).
    meta: { silent: true },
  })

export const membersQuery = (uuid: string) =>
  queryOptions({
    queryKey: [...GROUPS_KEY, 'one', uuid, 'members'],
    queryFn: async () =>
      (await get<{ group_members: GroupMember[] }>(`${apiPath(uuid)}/members`)).group_members,
    retry: false,
    meta: { silent: true },
  })

/** Pages back from the newest: each page is oldest first, `next_before_id` the next cursor. */
export const messagesQuery = (uuid: string) =>
  infiniteQueryOptions({
    queryKey: [...GROUPS_KEY, 'one', uuid, 'messages'],
    queryFn: ({ pageParam }) =>
      get<MessagesPage>(`${apiPath(uuid)}/messages`, {
        query: { before_id: pageParam, per_page: MESSAGES_PER_PAGE },
      }),
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
      (await get<{ groups: PublicGroup[] }>('/api/groups/search', { query: { q, per_page: 30 } })).groups,
    staleTime: 15_000,
  })

export interface NewGroup {
  name: string
  description?: string
  image?: string | null
  is_public?: boolean
  member_slugs?: string[]
}
export const createGroup = (body: NewGroup) => post<{ group: Group }>('/api/groups', body)
export const editGroup = (uuid: string, body: Partial<NewGroup>) => put<{ group: Group }>(apiPath(uuid), body)
export const joinGroup = (inviteCode: string) =>
  post<{ group: Group }>('/api/groups/join', { invite_code: inviteCode })
export const oneToOne = (userSlug: string) =>
  post<{ group: Group }>('/api/groups/create_one_to_one', { user_slug: userSlug })
/** The invite; `reset` (admins) draws a new code and the old link stops working. */
export const shareGroup = (uuid: string, reset = false) =>
  post<{ invite_code: string; invite_url: string }>(`${apiPath(uuid)}/${reset ? 'reset_invite' : 'share'}`)
export const setMuted = (uuid: string, muted: boolean) =>
  post<{ group: Group }>(`${apiPath(uuid)}/${muted ? 'mute' : 'unmute'}`)
export const addMembers = (uuid: string, slugs: string[]) =>
  post<{ group_members: GroupMember[] }>(`${apiPath(uuid)}/members`, { user_slugs: slugs })
export const removeMember = (uuid: string, slug: string) =>
  del<{ removed: true }>(`${apiPath(uuid)}/members/${encodeURIComponent(slug)}`)
export const sendMessage = (
  uuid: string,
  body: { identifier_key: string; message: string; message_type?: GroupMessage['message_type'] },
) => post<{ message: GroupMessage }>(`${apiPath(uuid)}/messages`, body)
export const markRead = (uuid: string, messageId: number) =>
  post<{ read: true }>(`${apiPath(uuid)}/read`, { message_id: messageId })

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
