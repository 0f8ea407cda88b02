import { createHash } from 'node:crypto'
import { mkdirSync, realpathSync, rmSync } from 'node:fs'
import { connect, createServer, type Server } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/**
 * PGlite is a single-process database: two processes on one DATA_DIR would corrupt it. The process
 * that opens it for long (the server, a county load) holds the directory by listening on a local
 * socket named after it, and tells who it is to whoever connects; the short commands (keys, the
 * proxy cache, the archive) ask there first. The operating system closes the socket with the
 * process however it ends, kill -9 included, so "is it in use" is "does something answer", never a
 * PID judged alive (issue 39 §6: the server.pid this replaced was fooled by a reused PID, and a
 * load, which wrote none, could run beside a server). On Linux the socket is in the abstract
 * namespace (no file to leave behind, bound atomically); on Windows a named pipe; elsewhere a
 * socket file in the temporary folder, removed when nothing answers on it.
 */
function address(dataDir: string): string {
  mkdirSync(dataDir, { recursive: true })
  const id = createHash('sha256').update(realpathSync(dataDir)).digest('hex').slice(0, 24)
  if (process.platform === 'win32') return `\\\\.\\pipe\\plat-data-${id}`
  if (process.platform === 'linux') return `\0plat-data-${id}`
  return join(tmpdir(), `plat-data-${id}.sock`)
}

const ASK_TIMEOUT_MS = 2000

/**
 * Who holds `dataDir` ("The server (pid 123)"), or null when nothing does. A holder that accepts
 * but does not answer in time (stopped, or swamped) still holds it.
 */
export function dataDirHolder(dataDir: string): Promise<string | null> {
  const at = address(dataDir)
  return new Promise((done) => {
    let said = ''
    const socket = connect(at)
    const timer = setTimeout(() => {
      socket.destroy()
      done(said || 'Another process')
    }, ASK_TIMEOUT_MS)
    socket.setEncoding('utf8')
    socket.on('data', (chunk) => {
      said += chunk
    })
    socket.on('end', () => {
      clearTimeout(timer)
      done(said.trim() || 'Another process')
    })
    socket.on('error', (e: NodeJS.ErrnoException) => {
      clearTimeout(timer)
      // Refused or absent: nobody listens; any other error still means we could not tell.
      done(e.code === 'ECONNREFUSED' || e.code === 'ENOENT' ? null : said.trim() || 'Another process')
    })
  })
}

export class DataDirBusyError extends Error {}

interface HeldDataDir {
  release(): Promise<void>
}

/**
 * Holds `dataDir` for this process as `who` (told to whoever asks) until released or the process
 * ends; throws DataDirBusyError naming the holder when another process has it.
 */
export async function holdDataDir(dataDir: string, who: string): Promise<HeldDataDir> {
  const at = address(dataDir)
  const listen = () =>
    new Promise<Server>((ok, fail) => {
      const server = createServer((socket) => socket.end(who))
      server.once('error', fail)
      server.listen(at, () => ok(server))
    })
  let server: Server
  try {
    server = await listen()
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw e
    const holder = await dataDirHolder(dataDir)
    if (holder !== null || at.startsWith('\0') || process.platform === 'win32') {
      throw new DataDirBusyError(`${holder ?? 'Another process'} is using ${dataDir}; stop it first.`)
    }
    // A socket file that nothing answers on: left by a process that was killed.
    rmSync(at, { force: true })
    server = await listen()
  }
  // The socket must not keep the process alive once everything else is done.
  server.unref()
  return { release: () => new Promise((ok) => server.close(() => ok())) }
}
