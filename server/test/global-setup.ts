/**
 * Global setup of the `api` vitest project: a throw-away DATA_DIR with the keys the tests need, a
 * server on a free port with a small deterministic demo data set, torn down after the run.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import type { TestProject } from 'vitest/node'
import { LIMITED_REQUESTS, RECORDS_ALLOWANCE, type TestKeys } from './context'

const ROOT = resolve(import.meta.dirname, '../..')
const READY_TIMEOUT_MS = 170_000
const run = promisify(execFile)

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const workDir = await mkdtemp(join(tmpdir(), 'plat-api-test-'))
  const dataDir = join(workDir, 'data')
  await mkdir(dataDir)
  const env = { ...process.env, DATA_DIR: dataDir, DEMO_PARCELS: '3000', DEMO_SEED: '7' }
  let server: ChildProcess | undefined
  const teardown = async () => {
    if (server) await stop(server)
    await rm(workDir, { recursive: true, force: true })
  }
  try {
    const keys: TestKeys = {
      full: await createKey(env, ['--name', 'test-full']),
      inactive: await createKey(env, ['--name', 'test-inactive', '--inactive']),
      queryOnly: await createKey(env, ['--name', 'test-query-only', '--endpoints', 'query']),
      limited: await createKey(env, ['--name', 'test-limited', '--monthly-limit', String(LIMITED_REQUESTS)]),
      records: await createKey(env, [
        '--name',
        'test-records',
        '--quota-unit',
        'records',
        '--monthly-limit',
        String(RECORDS_ALLOWANCE),
      ]),
    }
    const port = await freePort()
    server = spawn(process.execPath, ['--import', 'tsx', 'server/cli/start.ts'], {
      cwd: ROOT,
      env: { ...env, PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    const baseUrl = `http://127.0.0.1:${port}`
    await waitReady(server, baseUrl)
    const allParcelsFile = join(workDir, 'all-parcels.json')
    await writeFile(allParcelsFile, JSON.stringify(await fetchAllParcels(baseUrl, keys.full)))
    project.provide('baseUrl', baseUrl)
    project.provide('keys', keys)
    project.provide('allParcelsFile', allParcelsFile)
    return teardown
  } catch (error) {
    await teardown()
    throw error
  }
}

/** Runs the keys CLI; the key value is alone on the last line of stdout. */
async function createKey(env: NodeJS.ProcessEnv, args: string[]): Promise<string> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'server/cli/keys.ts', 'create', ...args], {
    cwd: ROOT,
    env,
    timeout: READY_TIMEOUT_MS,
  })
  const lines = stdout.split('\n').map((l) => l.trim())
  const key = lines.filter((l) => l.length > 0).at(-1)
  if (!key) throw new Error(`keys.ts create ${args.join(' ')} printed no key:\n${stdout}`)
  return key
}

/**
 * Every parcel, once for all test files (they use it as the oracle's universe): pages of 100 in the
 * default order. The same walk is asserted in detail by query-paging.api.test.ts.
 */
async function fetchAllParcels(baseUrl: string, key: string): Promise<unknown[]> {
  const records: unknown[] = []
  let count = Number.POSITIVE_INFINITY
  for (let offset = 0; offset < count; offset += 100) {
    const res = await fetch(`${baseUrl}/parcels/query`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ filters: [], limit: 100, offset }),
    })
    if (res.status !== 200) throw new Error(`fetching all parcels: ${res.status} ${await res.text()}`)
    const page = (await res.json()) as { results: unknown[]; count: number }
    if (offset > 0 && page.count !== count) throw new Error(`count changed while paging: ${count} → ${page.count}`)
    count = page.count
    records.push(...page.results)
  }
  if (records.length !== count) throw new Error(`paged ${records.length} parcels, count says ${count}`)
  return records
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

/** Resolves on the `listening on http://` line (then confirms /healthz); rejects on exit or timeout. */
function waitReady(server: ChildProcess, baseUrl: string): Promise<void> {
  let output = ''
  return new Promise<void>((res, rej) => {
    const fail = (why: string) => {
      clearTimeout(timer)
      rej(new Error(`${why}\n--- server output ---\n${output.slice(-4000)}`))
    }
    const timer = setTimeout(() => fail(`server not ready after ${READY_TIMEOUT_MS / 1000} s`), READY_TIMEOUT_MS)
    let ready = false
    const onData = (chunk: Buffer) => {
      // Keep draining the pipes after start-up (a full pipe would block the server); keep only a tail.
      output = (output + chunk.toString()).slice(-16_000)
      if (process.env.API_TEST_SERVER_LOG) process.stderr.write(chunk)
      if (!ready && output.includes('listening on http://')) {
        ready = true
        healthz(baseUrl).then(
          () => {
            clearTimeout(timer)
            res()
          },
          (e: unknown) => fail(`listening, but /healthz failed: ${String(e)}`),
        )
      }
    }
    server.stdout?.on('data', onData)
    server.stderr?.on('data', onData)
    server.once('exit', (code, signal) => fail(`server exited early (code ${code}, signal ${signal})`))
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

function stop(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return Promise.resolve()
  return new Promise((res) => {
    const kill = setTimeout(() => server.kill('SIGKILL'), 10_000)
    server.once('exit', () => {
      clearTimeout(kill)
      res()
    })
    server.kill('SIGTERM')
  })
}
