import { Command } from 'commander'
import type { Answer } from '../lib/api-types'
import { commandGroup, pagedOptions, plainOptions, runs, serverOptions, withPages } from '../lib/command'
import {
  type Group,
  type GroupMember,
  groupsTable,
  groupTitle,
  type MessagePage,
  membersTable,
  messageLine,
  resolveGroup,
  shortId,
} from '../lib/groups'
import { type Io, printJson } from '../lib/io'
import { intFlag, type OptionsOf } from '../lib/options'
import { player } from '../lib/session'
import { slugArgument } from '../lib/social'
import { style } from '../lib/style'
import { runChat } from '../ui/group-chat-session'

// `fanspole group …` (docs/groups.md, "CLI"): conversations, invites, members, mute, and the
// live `group chat`.

const listOptions = pagedOptions(50)

const createOptions = serverOptions((z) => ({
  description: z.string().max(500, 'at most 500 characters').optional(),
  public: z.boolean().default(false),
  member: z.array(z.string()).max(200, 'at most 200 people').default([]),
}))

const inviteOptions = serverOptions((z) => ({ reset: z.boolean().default(false) }))

const showOptions = serverOptions((z) => ({
  limit: intFlag(z, 'a number of messages', 1, 100).default(20),
}))

const chatOptions = serverOptions((z) => ({
  history: intFlag(z, 'a number of messages', 0, 100).default(20),
}))

const EXAMPLES = `
Examples:
  fanspole group list
  fanspole group create "Sunday league" --member asha_k --member ravi_p --public
  fanspole group invite 3f2a9c1e              # prints the invite code and link
  fanspole group invite 3f2a9c1e --reset      # admins: a new code; the old one stops working
  fanspole group join K7RM2QXT9A              # someone else, with that code
  fanspole group dm asha_k                    # the one-to-one with asha_k (made once, then reused)
  fanspole group chat 3f2a9c1e                # live; Esc or Ctrl-C to leave
  echo "Who is in tonight?" | fanspole group chat 3f2a9c1e   # not on a terminal: lines in, lines out
  fanspole group mute "Sunday league"
  fanspole group remove 3f2a9c1e ravi_p        # creator and admins; your own slug leaves

<group> is a group id from \`group list\`: the full group_uuid_id, any unique prefix of it (the
8 characters shown), or a group's exact name.
`

export function groupCommand(io: Io): Command {
  return commandGroup(
    'group',
    'group chats and one-to-ones: invite, join, mute, chat live',
    [...conversationCommands(io), ...membershipCommands(io), chatCommand(io)],
    EXAMPLES,
  )
}

/** `list`, `create`, `dm` and `show`: my conversations, a new one, one read. */
function conversationCommands(io: Io): Command[] {
  const list = withPages(
    new Command('list').description(
      'My groups and one-to-ones, latest conversation first, with unread counts.',
    ),
    'groups',
    50,
  )
  const create = new Command('create')
    .description('Create a group (you are its admin), adding people by username or slug.')
    .argument('<name>', '1–60 characters')
    .option('--description <text>', 'up to 500 characters')
    .option('--public', 'listed by the web’s group search: anyone may join with its code')
    .option('--member <user>', 'add this player (repeat for more)', collect, [])
  const dm = new Command('dm')
    .description(
      'Open the one-to-one conversation with a player: the same two people always get the same one.',
    )
    .argument('<user>', 'username or slug')
  const show = new Command('show')
    .description('A group: its members and its latest messages (oldest first). Does not mark them read.')
    .argument('<group>', 'group id (see below)')
    .option('--limit <n>', 'how many messages (at most 100)', '20')
  return [
    runs(io, list, listOptions, runList),
    runs(io, create, createOptions, (io, opts, name: string) => runCreate(io, name, opts)),
    runs(io, dm, plainOptions, (io, opts, user: string) => runDm(io, slugArgument(user), opts)),
    runs(io, show, showOptions, (io, opts, id: string) => runShow(io, id, opts)),
  ]
}

/** `invite`, `join`, `members`, `remove`, `leave`, `mute` and `unmute`: who is in, and how loud. */
function membershipCommands(io: Io): Command[] {
  const invite = new Command('invite')
    .description(
      'The group’s invite code and link, to share: anyone with it joins (except someone an admin removed).',
    )
    .argument('<group>', 'group id')
    .option('--reset', 'admins: make a new code; the old code and link stop working')
  const join = new Command('join')
    .description('Join a group with its invite code (any case). A wrong code is 404.')
    .argument('<code>', 'the invite code, or the invite link')
  const members = new Command('members')
    .description('Who is in a group, admins first.')
    .argument('<group>', 'group id')
  const remove = new Command('remove')
    .description(
      'Remove a member (the creator and admins only); your own username leaves the group. They lose access at once.',
    )
    .argument('<group>', 'group id')
    .argument('<user>', 'username or slug')
  const leave = new Command('leave').description('Leave a group.').argument('<group>', 'group id')
  const mutes = (['mute', 'unmute'] as const).map((action) =>
    runs(
      io,
      new Command(action)
        .description(
          action === 'mute'
            ? 'No notifications from this group (it still streams while open and counts unread).'
            : 'Notifications from this group again.',
        )
        .argument('<group>', 'group id'),
      plainOptions,
      (io, opts, id: string) => runMute(io, id, action, opts),
    ),
  )
  return [
    runs(io, invite, inviteOptions, (io, opts, id: string) => runInvite(io, id, opts)),
    runs(io, join, plainOptions, (io, opts, code: string) => runJoin(io, code, opts)),
    runs(io, members, plainOptions, (io, opts, id: string) => runMembers(io, id, opts)),
    runs(io, remove, plainOptions, (io, opts, id: string, user: string) =>
      runRemove(io, id, slugArgument(user), opts),
    ),
    runs(io, leave, plainOptions, (io, opts, id: string) => runRemove(io, id, undefined, opts)),
    ...mutes,
  ]
}

/** `chat`: the conversation live. */
function chatCommand(io: Io): Command {
  const chat = new Command('chat')
    .description(
      'The conversation, live over /cable: recent history, others’ messages as they come, and a line to type in (Enter sends; Esc or Ctrl-C leaves). Not on a terminal: one line per message on stdout, and each line of stdin is sent; it ends when stdin does (after the last send is confirmed). --json prints each message as a JSON line. If you are removed while chatting, it says so and exits 1.',
    )
    .argument('<group>', 'group id')
    .option('--history <n>', 'how many earlier messages to show first (at most 100)', '20')
  return runs(io, chat, chatOptions, async (io, opts, id: string) => {
    const api = player(io, opts.server)
    await runChat(io, api, await resolveGroup(api, id), opts)
  })
}

function collect(value: string, previous: string[]): string[] {
  return [...previous, value]
}

async function me(io: Io, server: string | undefined): Promise<string> {
  const answer = await player(io, server).get<Answer<'/api/me'>>('/api/me')
  return answer.user.slug
}

async function runList(io: Io, opts: OptionsOf<typeof listOptions>): Promise<void> {
  const api = player(io, opts.server)
  const answer = await api.get<{ groups: Group[] }>(`/api/groups?page=${opts.page}&per_page=${opts.perPage}`)
  if (opts.json) return printJson(io, answer)
  const s = style(io.color)
  if (answer.groups.length === 0) {
    io.out(
      opts.page === 1
        ? 'You are in no groups yet: fanspole group create <name>, or fanspole group join <code>\n'
        : 'No more groups\n',
    )
    return
  }
  io.out(groupsTable(answer.groups, await me(io, opts.server), s))
  if (answer.groups.length === opts.perPage)
    io.out(s.dim(`more: fanspole group list --page ${opts.page + 1}\n`))
}

function groupHeader(g: Group, mySlug: string, io: Io): string {
  const s = style(io.color)
  const marks = [
    g.kind === 'one_to_one' ? 'one-to-one' : `${g.members_count} member${g.members_count === 1 ? '' : 's'}`,
    g.is_public ? 'public' : '',
    g.is_muted ? 'muted' : '',
    g.unread_message_count > 0 ? `${g.unread_message_count} unread` : '',
  ].filter(Boolean)
  return `${s.bold(groupTitle(g, mySlug))} (${g.group_uuid_id}) · ${marks.join(' · ')}\n`
}

async function runCreate(io: Io, name: string, opts: OptionsOf<typeof createOptions>): Promise<void> {
  const answer = await player(io, opts.server).post<{ group: Group }>('/api/groups', {
    name,
    ...(opts.description === undefined ? {} : { description: opts.description }),
    is_public: opts.public,
    ...(opts.member.length > 0 ? { member_slugs: opts.member.map(slugArgument) } : {}),
  })
  if (opts.json) return printJson(io, answer)
  const g = answer.group
  io.out(`${style(io.color).green('Created')} ${groupHeader(g, '', io)}`)
  io.out(`Invite people: fanspole group invite ${shortId(g.group_uuid_id)}\n`)
  io.out(`Chat: fanspole group chat ${shortId(g.group_uuid_id)}\n`)
}

async function runDm(io: Io, slug: string, opts: OptionsOf<typeof plainOptions>): Promise<void> {
  const answer = await player(io, opts.server).post<{ group: Group }>('/api/groups/create_one_to_one', {
    user_slug: slug,
  })
  if (opts.json) return printJson(io, answer)
  const g = answer.group
  io.out(groupHeader(g, await me(io, opts.server), io))
  io.out(`Chat: fanspole group chat ${g.group_uuid_id}\n`)
}

async function runShow(io: Io, id: string, opts: OptionsOf<typeof showOptions>): Promise<void> {
  const api = player(io, opts.server)
  const uuid = await resolveGroup(api, id)
  const { group } = await api.get<{ group: Group }>(`/api/groups/${uuid}`)
  const page = await api.get<MessagePage>(`/api/groups/${uuid}/messages?per_page=${opts.limit}`)
  if (opts.json) return printJson(io, { group, ...page })
  const mine = await me(io, opts.server)
  const s = style(io.color)
  io.out(groupHeader(group, mine, io))
  if (group.description) io.out(`${group.description}\n`)
  io.out(
    s.dim(
      `members: ${group.group_members.map((m) => `${m.username}${m.is_creator ? ' (creator)' : m.role === 'admin' ? ' (admin)' : ''}`).join(', ')}\n`,
    ),
  )
  if (page.messages.length === 0) io.out('No messages yet\n')
  // display_time is the time of day only: a line for each new day (India time, as it is).
  let day = ''
  for (const m of page.messages) {
    const d = istDay(m.created_at_in_millis)
    if (d !== day) io.out(s.dim(`-- ${d} --\n`))
    day = d
    io.out(`${messageLine(m)}\n`)
  }
  const arg = /^[\w-]+$/.test(id) ? id : JSON.stringify(id)
  if (page.next_before_id !== null)
    io.out(s.dim(`(older messages: fanspole group show ${arg} --limit 100)\n`))
}

const IST_OFFSET_MS = (5 * 60 + 30) * 60_000

/** `Mon 16 Nov` in India time, the zone of the messages' display_time. */
function istDay(ms: number): string {
  return new Date(ms + IST_OFFSET_MS).toLocaleDateString('en-GB', {
    timeZone: 'UTC',
    weekday: 'short',
    day: 'numeric',
    month: 'short',
  })
}

async function runInvite(io: Io, id: string, opts: OptionsOf<typeof inviteOptions>): Promise<void> {
  const api = player(io, opts.server)
  const uuid = await resolveGroup(api, id)
  const answer = await api.post<Answer<'/api/groups/{uuid}/share', 'post'>>(
    `/api/groups/${uuid}/${opts.reset ? 'reset_invite' : 'share'}`,
  )
  if (opts.json) return printJson(io, answer)
  if (opts.reset) io.out('New invite made: the old code and link no longer work.\n')
  io.out(`Invite code: ${style(io.color).bold(answer.invite_code)}\n`)
  io.out(`Link: ${answer.invite_url}\n`)
  io.out(`Join from the CLI: fanspole group join ${answer.invite_code}\n`)
}

async function runJoin(io: Io, code: string, opts: OptionsOf<typeof plainOptions>): Promise<void> {
  // A pasted link works too: the code is its last path segment.
  const inviteCode = code.trim().replace(/^.*\/groups\/invite\//, '')
  const answer = await player(io, opts.server).post<{ group: Group }>('/api/groups/join', {
    invite_code: inviteCode,
  })
  if (opts.json) return printJson(io, answer)
  const g = answer.group
  io.out(`${style(io.color).green('Joined')} ${groupHeader(g, '', io)}`)
  io.out(`Chat: fanspole group chat ${shortId(g.group_uuid_id)}\n`)
}

async function runMembers(io: Io, id: string, opts: OptionsOf<typeof plainOptions>): Promise<void> {
  const api = player(io, opts.server)
  const uuid = await resolveGroup(api, id)
  const answer = await api.get<{ group_members: GroupMember[] }>(`/api/groups/${uuid}/members`)
  if (opts.json) return printJson(io, answer)
  io.out(membersTable(answer.group_members, style(io.color)))
}

async function runRemove(
  io: Io,
  id: string,
  slug: string | undefined,
  opts: OptionsOf<typeof plainOptions>,
): Promise<void> {
  const api = player(io, opts.server)
  const uuid = await resolveGroup(api, id)
  const mine = await me(io, opts.server)
  const who = slug ?? mine
  const answer = await api.request<{ removed: true }>(
    'DELETE',
    `/api/groups/${uuid}/members/${encodeURIComponent(who)}`,
  )
  if (opts.json) return printJson(io, answer)
  io.out(who === mine ? `You left ${shortId(uuid)}\n` : `Removed ${who} from ${shortId(uuid)}\n`)
}

async function runMute(
  io: Io,
  id: string,
  action: 'mute' | 'unmute',
  opts: OptionsOf<typeof plainOptions>,
): Promise<void> {
  const api = player(io, opts.server)
  const uuid = await resolveGroup(api, id)
  const answer = await api.post<{ group: Group }>(`/api/groups/${uuid}/${action}`)
  if (opts.json) return printJson(io, answer)
  const title = groupTitle(answer.group, await me(io, opts.server))
  io.out(
    answer.group.is_muted
      ? `Muted ${title}: no notifications from it (it still counts unread)\n`
      : `Unmuted ${title}: you will be notified of new messages\n`,
  )
}
