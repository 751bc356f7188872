import type { NetworkPasswords } from '../../server/areas/auth/network-passwords'
import { type Config, isReadmePassword } from '../../server/index'
import { passwordLogin } from './api'
import type { Schema } from './api-types'
import { readSession, saveSession } from './credentials'
import type { Io } from './io'
import { resolveServer } from './options'
import type { Style } from './style'

/**
 * The accounts to sign in with, as a server that was just started tells them (serve's banner
 * and `--json`, the demo's banner). On 127.0.0.1: the README's (or FANSPOLE_*_PASSWORD). On a
 * network (docs/classroom.md, "On a LAN"): a password made up at this start is shown — this
 * once; one set in the environment is named, not printed (a classroom projects the terminal);
 * one set at an earlier start is not known any more and is said to be the account's own.
 */
export interface AccountView {
  email: string
  /** What to print after the e-mail: the password, or a note in its place. */
  shown: string
  /** For `--json`: the password when it may be shown, else null. */
  password: string | null
  /** Made up at this start (shown only now). */
  made: boolean
}

export interface AccountsView {
  admin: AccountView
  demo: AccountView
  /** The other seeded demo users' shared new password (on a network, when made up now). */
  demoUsers: string | null
  others: NetworkPasswords['others']
}

export function accountsView(
  config: Config,
  network: NetworkPasswords | null,
  /** Whether the stored passwords are the configured ones (default: taken to be). */
  holds: { admin: boolean; demo: boolean } = { admin: true, demo: true },
): AccountsView {
  const view = (
    account: { email: string; password: string },
    made: string | null,
    envName: string,
    held: boolean,
  ): AccountView => {
    if (made) return { email: account.email, shown: made, password: made, made: true }
    if (!held)
      return { email: account.email, shown: '(its own password, set before)', password: null, made: false }
    if (!network)
      return { email: account.email, shown: account.password, password: account.password, made: false }
    if (!isReadmePassword(account.password))
      return { email: account.email, shown: `(the password in ${envName})`, password: null, made: false }
    return { email: account.email, shown: '(its own password, set before)', password: null, made: false }
  }
  return {
    admin: view(config.admin, network?.admin ?? null, 'FANSPOLE_ADMIN_PASSWORD', holds.admin),
    demo: view(config.demo, network?.demo ?? null, 'FANSPOLE_DEMO_PASSWORD', holds.demo),
    demoUsers: network?.demoUsers ?? null,
    others: network?.others ?? [],
  }
}

/** Lines for a banner: the demo player and the admin, then whatever else was made up now. */
export function accountsLines(view: AccountsView, s: Style): string[] {
  const show = (a: AccountView) => `${a.email} / ${a.made ? s.bold(a.shown) : a.shown}`
  const lines = [
    `  ${s.dim('Demo player')}  ${show(view.demo)}`,
    `  ${s.dim('Admin      ')}  ${show(view.admin)}`,
  ]
  if (view.demoUsers)
    lines.push(`  ${s.dim('Demo users ')}  every other seeded player / ${s.bold(view.demoUsers)}`)
  for (const other of view.others)
    lines.push(`  ${s.dim('Admin      ')}  ${other.email} / ${s.bold(other.password)}`)
  const made =
    [view.admin, view.demo].some((a) => a.made) || view.demoUsers !== null || view.others.length > 0
  if (made)
    lines.push(
      `  ${s.yellow('The passwords in bold were made up at this start and are shown only now: note them.')}`,
    )
  return lines
}

/** The accounts in `--json` output. */
export function accountsJson(view: AccountsView) {
  const pick = (a: AccountView) => ({ email: a.email, password: a.password, new_password: a.made })
  return {
    demo: pick(view.demo),
    admin: pick(view.admin),
    demo_users_password: view.demoUsers,
    other_admins: view.others,
  }
}

/** The `new_passwords` of a restore or league reset answer (docs/snapshots.md). */
export type NewPasswordsAnswer = Schema<'NewPasswords'>

/**
 * What a restore or league reset on a server on a network had to make up (the data brought
 * back README passwords): printed once, or nothing when it made none up.
 */
export function newPasswordLines(p: NewPasswordsAnswer | undefined, s: Style): string[] {
  if (!p) return []
  const lines = [
    ...(p.admin ? [`  ${s.dim('Admin      ')}  ${s.bold(p.admin)}`] : []),
    ...(p.demo ? [`  ${s.dim('Demo player')}  ${s.bold(p.demo)}`] : []),
    ...(p.demo_users ? [`  ${s.dim('Demo users ')}  ${s.bold(p.demo_users)}`] : []),
    ...p.other_admins.map((o) => `  ${s.dim('Admin      ')}  ${o.email} / ${s.bold(o.password)}`),
  ]
  if (lines.length === 0) return []
  return [
    s.yellow('This server is on a network and the data had README passwords: new ones, shown only now:'),
    ...lines,
  ]
}

/**
 * A password made up at this start is shown once; so that the CLI on this machine can still
 * act as the admin (`class create`, `league reset` …) without it typed in, whoever started the
 * server (serve, demo) signs in with it and keeps the session in $FANSPOLE_HOME, as `fanspole
 * login` would — unless a session of someone else's is kept there for this server. Answers the
 * note to print, or null.
 */
export async function rememberAdmin(io: Io, url: string, accounts: AccountsView): Promise<string | null> {
  if (!accounts.admin.made || accounts.admin.password === null) return null
  const server = resolveServer(io, url)
  const kept = readSession(io.env, server)
  if (kept && kept.email !== accounts.admin.email) return null
  try {
    saveSession(io.env, server, await passwordLogin(server, accounts.admin.email, accounts.admin.password))
  } catch {
    return null
  }
  return `The command line on this machine is signed in to ${server} as ${accounts.admin.email} (fanspole logout to forget it); elsewhere: fanspole login --email ${accounts.admin.email}, or FANSPOLE_ADMIN_PASSWORD`
}
