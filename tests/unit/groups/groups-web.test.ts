import type { InfiniteData } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { type GroupMessage, groupTitle, type MessagesPage } from '../../../web/src/features/groups/api'
import {
  allMessages,
  chatRows,
  insertMessage,
  newestId,
  newIdentifierKey,
  type PendingSend,
} from '../../../web/src/features/groups/chat-state'

const person = (slug: string) => ({ slug, username: slug, image_url: null })
const msg = (id: number, slug: string, key = `k${id}`): GroupMessage => ({
  id,
  group_uuid_id: 'g',
  message: `m${id}`,
  message_type: 'text_message',
  identifier_key: key,
  card_id: null,
  display_time: '9:05 PM',
  created_at_in_millis: id,
  user: person(slug),
})
/** Pages as the infinite query holds them: newest page first, each oldest first. */
const data = (...pages: GroupMessage[][]): InfiniteData<MessagesPage> => ({
  pages: pages.map((messages) => ({ messages, next_before_id: null })),
  pageParams: pages.map(() => undefined),
})
const sending = (key: string, text = 'hi'): PendingSend => ({
  identifier_key: key,
  message: text,
  status: 'sending',
})

describe('chat rows', () => {
  it('lists older pages first, then my sends on their way', () => {
    const rows = chatRows(
      data([msg(3, 'ravi'), msg(4, 'asha')], [msg(1, 'ravi'), msg(2, 'ravi')]),
      [sending('x')],
      'asha',
    )
    expect(rows.map((r) => (r.kind === 'message' ? r.message.id : r.send.identifier_key))).toEqual([
      1,
      2,
      3,
      4,
      'x',
    ])
    expect(rows.map((r) => r.kind === 'message' && r.mine)).toEqual([false, false, false, true, false])
  })

  it('shows a send once its echo is in as the echo only, under the same row key', () => {
    const before = chatRows(data([msg(1, 'ravi')]), [sending('abc')], 'asha')
    const after = chatRows(data([msg(1, 'ravi'), msg(2, 'asha', 'abc')]), [sending('abc')], 'asha')
    expect(before.map((r) => r.kind)).toEqual(['message', 'pending'])
    expect(after.map((r) => r.kind)).toEqual(['message', 'message'])
    // React keeps the row: "Sending..." is replaced in place by the sent message.
    expect(after[1]?.key).toBe(before[1]?.key)
  })

  it('does not take someone else’s message with the same key for my echo', () => {
    const rows = chatRows(data([msg(2, 'ravi', 'abc')]), [sending('abc')], 'asha')
    expect(rows.map((r) => r.kind)).toEqual(['message', 'pending'])
  })

  it('keeps a failed send, and hides it when the server had it after all (the echo came)', () => {
    const failed: PendingSend = { identifier_key: 'f', message: 'x', status: 'failed', error: 'offline' }
    expect(chatRows(data([]), [failed], 'asha').map((r) => r.kind)).toEqual(['pending'])
    expect(chatRows(data([msg(5, 'asha', 'f')]), [failed], 'asha').map((r) => r.kind)).toEqual(['message'])
  })
})

describe('insertMessage', () => {
  it('adds to the newest page in id order, once', () => {
    const start = data([msg(2, 'a'), msg(5, 'a')], [msg(1, 'a')])
    const once = insertMessage(start, msg(4, 'b'))
    expect(allMessages(once).map((m) => m.id)).toEqual([1, 2, 4, 5])
    // The POST's answer and the broadcast are the same message: the second changes nothing.
    expect(insertMessage(once, msg(4, 'b'))).toBe(once)
    expect(insertMessage(once, msg(1, 'a'))).toBe(once)
    expect(newestId(insertMessage(once, msg(9, 'b')))).toBe(9)
  })

  it('leaves a missing cache missing (the first fetch brings the message)', () => {
    expect(insertMessage(undefined, msg(1, 'a'))).toBeUndefined()
    expect(newestId(undefined)).toBeNull()
    expect(newestId(data([]))).toBeNull()
  })
})

describe('identifier keys and titles', () => {
  it('draws UUID-shaped keys the server accepts, different each time', () => {
    const keys = new Set(Array.from({ length: 50 }, newIdentifierKey))
    expect(keys.size).toBe(50)
    for (const key of keys)
      expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
  })

  it('names a one-to-one after the other person', () => {
    const members = [
      { ...person('asha'), role: 'member' as const, is_creator: false },
      { ...person('ravi'), role: 'member' as const, is_creator: false },
    ]
    expect(groupTitle({ name: '', kind: 'one_to_one', group_members: members }, 'asha')).toBe('ravi')
    expect(groupTitle({ name: '', kind: 'one_to_one', group_members: members }, 'ravi')).toBe('asha')
    expect(groupTitle({ name: 'Sunday', kind: 'group', group_members: members }, 'asha')).toBe('Sunday')
  })
})
