import { TextInput } from '@inkjs/ui'
import { Box, Text, useApp, useInput, useStdout } from 'ink'
import { useState, useSyncExternalStore } from 'react'
import type { ChatRow, ChatState } from '../lib/group-chat-state'
import { messageText } from '../lib/groups'
import { connectionText, type Store } from '../lib/live-store'

/** One line of the conversation: time (or "Sending..."), who, what. */
function Row({ row, mySlug }: { row: ChatRow; mySlug: string }) {
  if (row.message) {
    const m = row.message
    const mine = m.user.slug === mySlug
    return (
      <Box>
        <Text dimColor>{m.display_time.padStart(8)} </Text>
        <Text bold color={mine ? 'green' : 'cyan'}>
          {m.user.username}
        </Text>
        <Text>: {messageText(m)}</Text>
      </Box>
    )
  }
  const p = row.pending as NonNullable<ChatRow['pending']>
  return (
    <Box>
      {p.error === undefined ? (
        <Text color="yellow">Sending... </Text>
      ) : (
        <Text color="red">not sent ({p.error}) </Text>
      )}
      <Text dimColor>{p.text}</Text>
    </Box>
  )
}

/**
 * `fanspole group chat` on a terminal: the latest messages that fit, a line to type in
 * (Enter sends), Esc or Ctrl-C to leave. The store is fed by the chat runner
 * (cli/ui/group-chat-session.ts).
 */
export function GroupChat({ store, onSend }: { store: Store<ChatState>; onSend: (text: string) => void }) {
  const state = useSyncExternalStore(store.subscribe, store.get)
  const { exit } = useApp()
  const { stdout } = useStdout()
  // A new key empties the input after each send (TextInput keeps its own value).
  const [draft, setDraft] = useState(0)
  useInput((_input, key) => {
    if (key.escape) exit()
  })
  const room = Math.max(3, (stdout.rows ?? 24) - 6)
  const rows = state.rows.slice(-room)
  return (
    <Box flexDirection="column">
      <Box justifyContent="space-between" gap={2}>
        <Box flexShrink={0}>
          <Text bold>{state.title}</Text>
        </Box>
        {/* A long reconnecting reason is cut, never written over the title. */}
        <Text dimColor wrap="truncate-end">
          {connectionText(state.connection)}
        </Text>
      </Box>
      <Box flexDirection="column" marginY={1}>
        {rows.length === 0 ? <Text dimColor>No messages yet: say hello.</Text> : null}
        {rows.map((row) => (
          <Row
            key={row.message ? `m${row.message.id}` : `p${row.pending?.identifier_key}`}
            row={row}
            mySlug={state.mySlug}
          />
        ))}
      </Box>
      {state.ended !== null ? (
        <Text color="red" bold>
          {state.ended}
        </Text>
      ) : (
        <Box>
          <Text color="green">› </Text>
          <TextInput
            key={draft}
            placeholder="Type a message, Enter to send"
            onSubmit={(value) => {
              if (value.trim() === '') return
              onSend(value)
              setDraft((n) => n + 1)
            }}
          />
        </Box>
      )}
      <Text dimColor>{state.notice ?? 'Esc or Ctrl-C to leave'}</Text>
    </Box>
  )
}
