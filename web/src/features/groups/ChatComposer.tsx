import { useState } from 'react'
import { Button } from '../../components/Button'
import { MESSAGE_MAX_CHARS } from './api'
import chat from './chat.module.css'

/**
 * The message box: Enter sends, Shift+Enter starts a new line. The text leaves the box at
 * once (the message shows as "Sending..." in the list), so typing the next one can start.
 */
export function ChatComposer({ disabled, onSend }: { disabled: boolean; onSend: (text: string) => void }) {
  const [text, setText] = useState('')
  const submit = () => {
    const message = text.trim()
    if (message === '' || disabled) return
    onSend(message)
    setText('')
  }
  return (
    <form
      className={chat.composer}
      data-testid="chat-composer"
      onSubmit={(event) => {
        event.preventDefault()
        submit()
      }}
    >
      <textarea
        className={chat.composerInput}
        aria-label="Message"
        placeholder="Type a message"
        rows={1}
        maxLength={MESSAGE_MAX_CHARS}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
            event.preventDefault()
            submit()
          }
        }}
        data-testid="chat-input"
      />
      <Button type="submit" small disabled={disabled || text.trim() === ''} data-testid="chat-send">
        Send
      </Button>
    </form>
  )
}
