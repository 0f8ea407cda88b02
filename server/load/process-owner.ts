/** Which process made something a load leaves behind, and whether that process still runs. */
import { hostname } from 'node:os'
import { livenessToken } from './stage/load-liveness'

/** Whether a process of this machine runs (EPERM: it runs, as another user). */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * Written on a stage table (stage-table.ts), read by the cleanup of a later run: `lock` is the
 * load's liveness token (load-liveness.ts) when it holds one, which is asked before the PID.
 */
export const stageOwner = () => {
  const lock = livenessToken()
  return { host: hostname(), pid: process.pid, started: new Date().toISOString(), ...(lock ? { lock } : {}) }
}

/** true/false for an owner on this machine; null when it was made elsewhere (or says nothing). */
export const ownerAlive = (owner: { host?: string; pid?: number }): boolean | null =>
  owner.host === hostname() && typeof owner.pid === 'number' ? alive(owner.pid) : null
