import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { CliError } from './errors'

/** A signed-in session on one server, as stored in the credentials file. */
export interface Session {
  email: string
  username: string
  role: 'player' | 'admin'
  access_token: string
  refresh_token: string
  /** When the access token runs out (wall clock, epoch ms). */
  expires_at_ms: number
  saved_at: string
}

interface CredentialsFile {
  version: 1
  /** Keyed by the normalised server URL: one session per server. */
  servers: Record<string, Session>
}

export function fanspoleHome(env: NodeJS.ProcessEnv): string {
  return env.FANSPOLE_HOME || path.join(os.homedir(), '.fanspole')
}

export function credentialsPath(env: NodeJS.ProcessEnv): string {
  return path.join(fanspoleHome(env), 'credentials.json')
}

function read(file: string): CredentialsFile {
  let text: string
  try {
    text = fs.readFileSync(file, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { version: 1, servers: {} }
    throw error
  }
  try {
    const parsed = JSON.parse(text) as Partial<CredentialsFile>
    return { version: 1, servers: parsed.servers ?? {} }
  } catch {
    throw new CliError(`The credentials file ${file} is not valid JSON`, {
      hint: `Delete it and sign in again: rm ${file} && fanspole login`,
    })
  }
}

/**
 * Tokens are secrets: the directory is 0700 and the file 0600, written to a temporary
 * file first and renamed, so a crash never leaves half a file and nobody else can read it.
 */
function write(file: string, content: CredentialsFile): void {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 })
  const tmp = `${file}.${process.pid}.tmp`
  fs.writeFileSync(tmp, `${JSON.stringify(content, null, 2)}\n`, { mode: 0o600 })
  fs.chmodSync(tmp, 0o600)
  fs.renameSync(tmp, file)
}

export function readSession(env: NodeJS.ProcessEnv, server: string): Session | undefined {
  return read(credentialsPath(env)).servers[server]
}

export function saveSession(env: NodeJS.ProcessEnv, server: string, session: Session): void {
  const file = credentialsPath(env)
  const content = read(file)
  content.servers[server] = session
  write(file, content)
}

/** Removes the server's session; false when there was none. */
export function forgetSession(env: NodeJS.ProcessEnv, server: string): boolean {
  const file = credentialsPath(env)
  const content = read(file)
  if (!content.servers[server]) return false
  delete content.servers[server]
  write(file, content)
  return true
}
