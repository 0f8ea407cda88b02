/**
 * What the loader's API tests run, as a user would: the real `load` and `keys` CLIs and a real
 * server (`DEMO=off`) on a backend of the test's own — a fresh DATA_DIR, or a fresh database on the
 * PostgreSQL server named by PLAT_TEST_PG. Independent of the api project's global setup.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import pg from 'pg'

const ROOT = resolve(import.meta.dirname, '../..')

export interface Backend {
  readonly name: 'embedded' | 'postgres'
  /** DATA_DIR or DATABASE_URL for every process of the test */
  readonly env: Record<string, string>
  readonly workDir: string
  cleanup(): Promise<void>
}

export function embeddedBackend(): Backend {
  const workDir = mkdtempSync(join(tmpdir(), 'plat-load-api-'))
  return {
    name: 'embedded',
    env: { DATA_DIR: join(workDir, 'data') },
    workDir,
    cleanup: async () => rmSync(workDir, { recursive: true, force: true }),
  }
}

/** A database of its own on the PLAT_TEST_PG server, dropped afterwards. */
export async function postgresBackend(serverUrl: string): Promise<Backend> {
  const name = `plat_load_${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  const workDir = mkdtempSync(join(tmpdir(), 'plat-load-api-'))
  return {
    name: 'postgres',
    env: { DATABASE_URL: url.toString(), DATA_DIR: join(workDir, 'data') },
    workDir,
    async cleanup() {
      const c = new pg.Client({ connectionString: serverUrl })
      await c.connect()
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await c.end()
      rmSync(workDir, { recursive: true, force: true })
    },
  }
}

export interface CliResult {
  code: number
  stdout: string
  stderr: string
}

/** Runs a CLI (`load` or `keys`) to the end; never throws on a non-zero exit. */
export function cli(backend: Backend, script: 'load' | 'keys', args: string[]): Promise<CliResult> {
  return new Promise((res) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', `server/cli/${script}.ts`, ...args],
      {
        cwd: ROOT,
        env: { ...process.env, ...backend.env, DATABASE_URL: backend.env.DATABASE_URL ?? '' },
        timeout: 300_000,
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0
        res({ code, stdout, stderr })
      },
    )
  })
}

export async function createKey(backend: Backend): Promise<string> {
  const r = await cli(backend, 'keys', ['create', '--name', 'loader-test'])
  const key = r.stdout.trim().split('\n').at(-1)
  if (r.code !== 0 || !key?.startsWith('plat_')) throw new Error(`keys create failed: ${r.stderr}${r.stdout}`)
  return key
}

export interface RunningServer {
  baseUrl: string
  stop(): Promise<void>
}

function freePort(): Promise<number> {
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

/** Starts `server/cli/start.ts` with DEMO=off on the backend; resolves once it listens. */
export async function startServer(backend: Backend): Promise<RunningServer> {
  const port = await freePort()
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/cli/start.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...backend.env,
      DATABASE_URL: backend.env.DATABASE_URL ?? '',
      DEMO: 'off',
      PORT: String(port),
      HOST: '127.0.0.1',
      STATIC_DIR: join(backend.workDir, 'no-static'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  await new Promise<void>((ok, fail) => {
    const timer = setTimeout(() => fail(new Error(`server not ready:\n${output}`)), 120_000)
    const onData = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-8000)
      if (output.includes('listening on http://')) {
        clearTimeout(timer)
        ok()
      }
    }
    child.stdout?.on('data', onData)
    child.stderr?.on('data', onData)
    child.once('exit', (code) => {
      clearTimeout(timer)
      fail(new Error(`server exited (${code}):\n${output}`))
    })
  })
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((ok) => {
        if (child.exitCode !== null) return ok()
        const kill = setTimeout(() => child.kill('SIGKILL'), 10_000)
        child.once('exit', () => {
          clearTimeout(kill)
          ok()
        })
        child.kill('SIGTERM')
      }),
  }
}

/** A JSON call with the key; returns status and parsed body. */
export async function api<T = unknown>(
  server: RunningServer,
  key: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const res = await fetch(`${server.baseUrl}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await res.text()
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T }
}
