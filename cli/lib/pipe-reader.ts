import fs from 'node:fs'

/**
 * `fanspole … --watch | head -1`: head takes its line and goes, but a process learns that only
 * from the EPIPE of its next write, and an idle watch (a match between overs, a quiet chat)
 * writes nothing — it waited for ever. GNU `tail -f` asks poll(2) about its stdout; Node has no
 * poll, and libuv will not read a write-only pipe, so this looks where Linux tells who holds
 * a pipe: /proc/<pid>/fd (which pipe) and /proc/<pid>/fdinfo (read or write end). The readers
 * found are looked at again every second (one readlink each); when all are gone, one more full
 * look, and none left means the output is closed. Anywhere else (a terminal, a file, a
 * socket, not Linux) nothing is watched and the next write's EPIPE ends the command as before.
 */
const EVERY_MS = 1000

interface Holder {
  pid: string
  fd: string
}

export function watchPipeReader(fd: number, gone: () => void): () => void {
  if (process.platform !== 'linux') return () => {}
  let link: string
  try {
    if (!fs.fstatSync(fd).isFIFO()) return () => {}
    link = fs.readlinkSync(`/proc/self/fd/${fd}`)
  } catch {
    return () => {}
  }
  let readers = pipeReaders(link)
  const timer = setInterval(() => {
    readers = readers.filter((r) => holds(r, link))
    if (readers.length === 0) readers = pipeReaders(link)
    if (readers.length > 0) return
    clearInterval(timer)
    gone()
  }, EVERY_MS)
  // Never what keeps a command running.
  timer.unref()
  return () => clearInterval(timer)
}

function holds({ pid, fd }: Holder, link: string): boolean {
  try {
    return fs.readlinkSync(`/proc/${pid}/fd/${fd}`) === link && isReadEnd(pid, fd)
  } catch {
    return false
  }
}

/** O_ACCMODE of the descriptor: 0 read-only, 2 read-write — both read the pipe. */
function isReadEnd(pid: string, fd: string): boolean {
  const flags = /^flags:\s*([0-7]+)/m.exec(fs.readFileSync(`/proc/${pid}/fdinfo/${fd}`, 'utf8'))?.[1]
  return flags !== undefined && (Number.parseInt(flags, 8) & 3) !== 1
}

/**
 * Every process's descriptor on the pipe `link` (`pipe:[ino]`) that reads it; a stand-in that
 * never matches when that cannot be known (no /proc, a process not ours to look into), so the
 * watch goes on looking instead of calling the reader gone.
 */
export function pipeReaders(link: string): Holder[] {
  const found: Holder[] = []
  let pids: string[]
  try {
    pids = fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))
  } catch {
    return [{ pid: 'self', fd: '-1' }]
  }
  for (const pid of pids) {
    let fds: string[]
    try {
      fds = fs.readdirSync(`/proc/${pid}/fd`)
    } catch (error) {
      // A process we may not look into (another user's: `| sudo tee`) might be the reader:
      // then nobody can be said to be gone, and only a write's EPIPE will tell.
      if ((error as NodeJS.ErrnoException).code === 'EACCES') return [{ pid: 'self', fd: '-1' }]
      continue // gone meanwhile
    }
    for (const fd of fds) if (holds({ pid, fd }, link)) found.push({ pid, fd })
  }
  return found
}
