/**
 * Starting real server processes for the API tests (the global setup's server, and the extra
 * servers some test files need: two instances on one database, a tiny statement timeout).
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process'
import { createWriteStream } from 'node:fs'
import { createServer } from 'node:net'
import { resolve } from 'node:path'
import { promisify } from 'node:util'

export const ROOT = resolve(import.meta.dirname, '../..')
// A benchmark generating a large dataset on a busy machine may set a longer wait.
const READY_TIMEOUT_MS = Number(process.env.SPAWN_READY_TIMEOUT_MS) || 170_000
const run = promisify(execFile)

/**
 * Node's arguments for a server command, as `npm run load` runs its own: from the esbuild bundle
 * scripts/run-cli.mjs keeps, not through tsx. Through tsx each module (and the embedded database's
 * worker) crosses to tsx's loader thread; a server on an empty database was ready in 49-58 s against
 * 30-35 s from the bundle on this 2-core machine under test load, and the API suites start hundreds.
 */
const cli = (name: string, args: string[] = []) => ['scripts/run-cli.mjs', name, ...args]

export interface SpawnedServer {
  baseUrl: string
  process: ChildProcess
  /** Everything the server printed so far (stdout and stderr), also written to `logFile` if given. */
  output(): string
  stop(): Promise<void>
}

/** Runs the keys CLI; the key value is alone on the last line of stdout. */
export async function createKey(env: NodeJS.ProcessEnv, args: string[]): Promise<string> {
  const { stdout } = await run(process.execPath, cli('keys', ['create', ...args]), {
    cwd: ROOT,
    env,
    timeout: READY_TIMEOUT_MS,
  })
  const lines = stdout.split('\n').map((l) => l.trim())
  const key = lines.filter((l) => l.length > 0).at(-1)
  if (!key) throw new Error(`keys.ts create ${args.join(' ')} printed no key:\n${stdout}`)
  return key
}

/** Runs the keys CLI with any arguments and returns its stdout. */
export async function keysCli(env: NodeJS.ProcessEnv, args: string[]): Promise<string> {
  const { stdout } = await run(process.execPath, cli('keys', args), {
    cwd: ROOT,
    env,
    timeout: READY_TIMEOUT_MS,
  })
  return stdout
}

export function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const probe = createServer()
    probe.once('error', rej)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      const port = typeof address === 'object' && address ? address.port : 0
      probe.close(() => res(port))
    })
  })
}

/** Starts `server/cli/start.ts` with `env` on a free port and waits until /healthz answers. */
export async function spawnServer(env: NodeJS.ProcessEnv, logFile?: string): Promise<SpawnedServer> {
  const port = await freePort()
  const child = spawn(process.execPath, cli('start'), {
    cwd: ROOT,
    env: { ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const log = logFile ? createWriteStream(logFile) : null
  let output = ''
  const onData = (chunk: Buffer) => {
    // Keep draining the pipes after start-up (a full pipe would block the server); keep only a tail.
    output = (output + chunk.toString()).slice(-64_000)
    log?.write(chunk)
    if (process.env.API_TEST_SERVER_LOG) process.stderr.write(chunk)
  }
  child.stdout?.on('data', onData)
  child.stderr?.on('data', onData)
  const baseUrl = `http://127.0.0.1:${port}`
  const server: SpawnedServer = {
    baseUrl,
    process: child,
    output: () => output,
    stop: () => stop(child).then(() => void log?.end()),
  }
  try {
    await waitReady(child, baseUrl, () => output)
  } catch (e) {
    await server.stop()
    throw e
  }
  return server
}

/** Resolves on the `listening on http://` line (then confirms /healthz); rejects on exit or timeout. */
function waitReady(child: ChildProcess, baseUrl: string, output: () => string): Promise<void> {
  return new Promise<void>((res, rej) => {
    const fail = (why: string) => {
      clearTimeout(timer)
      clearInterval(poll)
      rej(new Error(`${why}\n--- server output ---\n${output().slice(-4000)}`))
    }
    const timer = setTimeout(() => fail(`server not ready after ${READY_TIMEOUT_MS / 1000} s`), READY_TIMEOUT_MS)
    const poll = setInterval(() => {
      if (!output().includes('listening on http://')) return
      clearInterval(poll)
      healthz(baseUrl).then(
        () => {
          clearTimeout(timer)
          res()
        },
        (e: unknown) => fail(`listening, but /healthz failed: ${String(e)}`),
      )
    }, 100)
    child.once('exit', (code, signal) => fail(`server exited early (code ${code}, signal ${signal})`))
  })
}

async function healthz(baseUrl: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      const res = await fetch(`${baseUrl}/healthz`)
      const body = (await res.json()) as unknown
      if (res.status === 200 && JSON.stringify(body) === '{"status":"ok"}') return
      if (attempt > 50) throw new Error(`/healthz answered ${res.status} ${JSON.stringify(body)}`)
    } catch (e) {
      if (attempt > 50) throw e
    }
    await new Promise((r) => setTimeout(r, 200))
  }
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((res) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 10_000)
    child.once('exit', () => {
      clearTimeout(kill)
      res()
    })
    child.kill('SIGTERM')
  })
}
