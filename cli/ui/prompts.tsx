import { ConfirmInput, PasswordInput, TextInput } from '@inkjs/ui'
import { Box, render, Text } from 'ink'
import { type ReactElement, useState } from 'react'
import { CliError } from '../lib/errors'
import type { Io } from '../lib/io'

export interface LoginAnswer {
  email: string
  password: string
}

export function LoginPrompt(props: {
  server: string
  email?: string
  onDone: (answer: LoginAnswer) => void
}) {
  const [email, setEmail] = useState(props.email)
  return (
    <Box flexDirection="column">
      <Text>
        Sign in to <Text bold>{props.server}</Text>
      </Text>
      {email === undefined ? (
        <Box gap={1}>
          <Text>E-mail or username:</Text>
          <TextInput
            placeholder="demo@fanspole.local"
            onSubmit={(value) => value.trim() !== '' && setEmail(value.trim())}
          />
        </Box>
      ) : (
        <>
          <Text>
            E-mail or username: <Text color="cyan">{email}</Text>
          </Text>
          <Box gap={1}>
            <Text>Password:</Text>
            <PasswordInput onSubmit={(password) => password !== '' && props.onDone({ email, password })} />
          </Box>
        </>
      )}
    </Box>
  )
}

export function Confirm(props: { question: string; onAnswer: (yes: boolean) => void }) {
  return (
    <Box gap={1}>
      <Text>{props.question}</Text>
      <ConfirmInput
        defaultChoice="cancel"
        onConfirm={() => props.onAnswer(true)}
        onCancel={() => props.onAnswer(false)}
      />
    </Box>
  )
}

/** Renders a prompt until it answers; Ctrl-C unmounts it and the command stops (exit 1). */
function ask<T>(io: Io, element: (resolve: (value: T) => void) => ReactElement): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let answered = false
    const app = render(
      element((value) => {
        answered = true
        app.unmount()
        resolve(value)
      }),
      {
        stdout: io.stdout as NodeJS.WriteStream,
        stderr: io.stderr as NodeJS.WriteStream,
        stdin: io.stdin as NodeJS.ReadStream,
        patchConsole: false,
      },
    )
    app.waitUntilExit().then(
      () => !answered && reject(new CliError('Cancelled')),
      (error: unknown) => reject(error),
    )
  })
}

export function promptLogin(io: Io, server: string, email?: string): Promise<LoginAnswer> {
  return ask<LoginAnswer>(io, (done) => <LoginPrompt server={server} email={email} onDone={done} />)
}

export function confirm(io: Io, question: string): Promise<boolean> {
  return ask<boolean>(io, (done) => <Confirm question={question} onAnswer={done} />)
}
