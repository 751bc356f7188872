import { describe, expect, it, vi } from 'vitest'
import { type ChatState, withFailure, withMessage, withPending } from '../../../cli/lib/group-chat-state'
import type { GroupMessage } from '../../../cli/lib/groups'
import { createStore } from '../../../cli/lib/live-store'
import { inkViews } from '../ink-views'

// The Ink view of `fanspole group chat` (cli/ui/group-chat.tsx) and the state it draws: a send
// shows "Sending..." until the echo with its identifier_key replaces it (spec §4).

const views = inkViews(() => import('../../../cli/ui/group-chat'))

// Ink draws on its own schedule: wait for the frame to show what a step expects (a fixed pause
// was too short on a loaded machine).
const drawn = (check: () => void) => vi.waitFor(check, { timeout: 5000, interval: 20 })

const initial: ChatState = {
  title: 'Sunday league',
  mySlug: 'asha',
  rows: [],
  notice: null,
  connection: { kind: 'live' },
  ended: null,
}

function message(id: number, slug: string, text: string, key = `k${id}`): GroupMessage {
  return {
    id,
    group_uuid_id: 'g',
    message: text,
    message_type: 'text_message',
    identifier_key: key,
    card_id: null,
    display_time: '9:05 PM',
    created_at_in_millis: 0,
    user: { slug, username: slug, image_url: null },
  }
}

describe('chat state', () => {
  it('keeps stored messages in id order, my unsent ones after them, and replaces mine by key', () => {
    let s = withMessage(initial, message(5, 'ravi', 'later'))
    s = withMessage(s, message(3, 'ravi', 'earlier'))
    s = withPending(s, 'cli-1', 'mine')
    s = withMessage(s, message(7, 'ravi', 'meanwhile'))
    expect(s.rows.map((r) => r.message?.message ?? `pending:${r.pending?.text}`)).toEqual([
      'earlier',
      'later',
      'meanwhile',
      'pending:mine',
    ])
    // Someone else's message with the same key is not my echo.
    s = withMessage(s, message(8, 'ravi', 'same key', 'cli-1'))
    expect(s.rows.at(-1)?.pending?.text).toBe('mine')
    s = withMessage(s, message(9, 'asha', 'mine', 'cli-1'))
    expect(s.rows.some((r) => r.pending)).toBe(false)
    expect(s.rows.at(-1)?.message?.id).toBe(9)
    // A message seen twice (history and broadcast) shows once.
    expect(withMessage(s, message(9, 'asha', 'mine', 'cli-1'))).toBe(s)
    expect(withFailure(withPending(s, 'cli-2', 'x'), 'cli-2', 'too fast').rows.at(-1)).toEqual({
      pending: { identifier_key: 'cli-2', text: 'x', error: 'too fast' },
    })
  })
})

describe('GroupChat', () => {
  it('draws history, "Sending..." until the echo, a refused send, and sends what is typed', async () => {
    const store = createStore(withMessage(initial, message(1, 'ravi', 'Who is in?')))
    const sent: string[] = []
    const view = views.ink.render(<views.ui.GroupChat store={store} onSend={(text) => sent.push(text)} />)
    await drawn(() => expect(view.lastFrame()).toContain('Esc or Ctrl-C to leave'))
    const frame = () => view.lastFrame() ?? ''
    expect(frame()).toContain('Sunday league')
    expect(frame()).toContain('live')
    expect(frame()).toMatch(/9:05 PM ravi: Who is in\?/)

    view.stdin.write('Me!')
    await drawn(() => expect(frame()).toContain('Me!'))
    // TextInput (@inkjs/ui) re-subscribes its key handler in an effect after each render: an Enter
    // that arrives before that effect runs meets the previous, empty value and is ignored (an
    // empty send is dropped). Press again until it sends; a later Enter on the emptied input
    // sends nothing, so `sent` still proves exactly one send.
    await drawn(() => {
      if (sent.length === 0) view.stdin.write('\r')
      expect(sent).toEqual(['Me!'])
    })
    // The input is empty again.
    await drawn(() => expect(frame()).toContain('Type a message, Enter to send'))

    store.set((s) => withPending(s, 'cli-1', 'Me!'))
    await drawn(() => expect(frame()).toContain('Sending... Me!'))

    store.set((s) => withMessage(s, message(2, 'asha', 'Me!', 'cli-1')))
    await drawn(() => expect(frame()).toMatch(/9:05 PM asha: Me!/))
    expect(frame()).not.toContain('Sending...')

    store.set((s) => withFailure(withPending(s, 'cli-2', 'spam'), 'cli-2', 'Too many messages'))
    await drawn(() => expect(frame()).toContain('not sent (Too many messages) spam'))

    // Removed: the reason replaces the input.
    store.set((s) => ({ ...s, ended: 'You were removed from Sunday league' }))
    await drawn(() => expect(frame()).toContain('You were removed from Sunday league'))
    expect(frame()).not.toContain('Type a message')
    view.unmount()
  })
})
