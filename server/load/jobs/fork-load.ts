/**
 * One county's load as a process of its own: this same command started again with the county's
 * one-county arguments (county-list.ts). Why processes and not connections: docs/decisions.md
 * ("A state in parallel"). Its progress lines come back prefixed with the county; its summary is kept
 * and printed whole when it ends, so two counties' summaries never interleave.
 */
import { fork } from 'node:child_process'
import { createInterface } from 'node:readline'
import { isJobMessage, type JobMessage } from './job-message'

export interface ForkedLoad {
  /** ends when the process has exited */
  readonly done: Promise<LoadExit>
  /** passes a signal on (Ctrl-C stops a load cleanly, a second one at once: load.ts) */
  signal(s: NodeJS.Signals): void
}

export interface LoadExit {
  message: JobMessage | null
  code: number | null
  signal: NodeJS.Signals | null
  /** the county's summary (its stdout) */
  summary: string[]
  /** its last lines on stderr, for a load that died without saying why */
  lastErrors: string[]
}

/**
 * The running command's own entry (scripts/run-cli.mjs sets it to the bundle; under tsx it is the
 * TypeScript source, which needs tsx's loader in the child too).
 */
function entry(): { module: string; execArgv: string[] } {
  const module = process.argv[1]!
  return {
    module,
    execArgv: module.endsWith('.ts') ? [...process.execArgv, '--import', 'tsx'] : process.execArgv,
  }
}

export function forkLoad(args: readonly string[], onProgress: (line: string) => void): ForkedLoad {
  const { module, execArgv } = entry()
  // Its own process group: a Ctrl-C at the terminal reaches only the parent, which passes it on once
  // (a load that got it twice, from the terminal and from the parent, would quit at once).
  const child = fork(module, [...args], { execArgv, stdio: ['ignore', 'pipe', 'pipe', 'ipc'], detached: true })
  let message: JobMessage | null = null
  const summary: string[] = []
  const lastErrors: string[] = []
  child.on('message', (m) => {
    if (isJobMessage(m)) message = m
  })
  const out = createInterface({ input: child.stdout! })
  out.on('line', (line) => summary.push(line))
  const err = createInterface({ input: child.stderr! })
  err.on('line', (line) => {
    onProgress(line)
    lastErrors.push(line)
    if (lastErrors.length > 5) lastErrors.shift()
  })
  // Both streams are read to their end before the outcome is given: the last lines come after the exit.
  const drained = Promise.all([out, err].map((s) => new Promise<void>((ok) => s.once('close', ok))))
  const done = new Promise<LoadExit>((ok) => {
    child.once('error', (e) =>
      ok({ message: { kind: 'failed', reason: e.message }, code: null, signal: null, summary, lastErrors }),
    )
    child.once('exit', async (code, signal) => {
      await drained
      ok({ message, code, signal, summary, lastErrors })
    })
  })
  return {
    done,
    signal(s) {
      if (child.exitCode === null && child.signalCode === null) child.kill(s)
    },
  }
}
