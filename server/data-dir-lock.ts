import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

/**
 * PGlite is a single-process database: two processes on one DATA_DIR would corrupt it. The server
 * holds a pid file; the keys CLI refuses to run while that process is alive.
 */
function lockPath(dataDir: string): string {
  return join(dataDir, 'server.pid')
}

export function runningServerPid(dataDir: string): number | null {
  const path = lockPath(dataDir)
  if (!existsSync(path)) return null
  const pid = Number(readFileSync(path, 'utf8').trim())
  if (!Number.isInteger(pid) || pid <= 0) return null
  try {
    process.kill(pid, 0)
    return pid
  } catch {
    return null
  }
}

export function acquireLock(dataDir: string): () => void {
  const other = runningServerPid(dataDir)
  if (other !== null && other !== process.pid) {
    throw new Error(`DATA_DIR ${dataDir} is in use by process ${other}; stop it first.`)
  }
  mkdirSync(dataDir, { recursive: true })
  writeFileSync(lockPath(dataDir), String(process.pid))
  return () => rmSync(lockPath(dataDir), { force: true })
}
