/**
 * What the loader's API tests run, as a user would: the real `load` and `keys` CLIs and a real
 * server (`DEMO=off`, spawn-server.ts) on a database of the test's own on the project's backend
 * (isolated-backend.ts), copied from one prepared with the keys the tests use.
 */
import { execFile } from 'node:child_process'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { LOAD_ARGS } from '../../scripts/load-args'
import type { Database } from '../db/database'
import type { Backend } from './context'
import { isolatedBackend } from './isolated-backend'
import { makeKey } from './prepared-data'
import { ROOT, type SpawnedServer, spawnServer } from './spawn-server'

export interface LoaderBackend {
  readonly name: Backend
  readonly env: NodeJS.ProcessEnv
  /** where the test writes its input files */
  readonly workDir: string
  readonly keys: LoaderKeys
  cleanup(): Promise<void>
}

export interface LoaderKeys {
  /** every endpoint, no limit */
  full: string
  /** 2 requests a month */
  limited: string
  inactive: string
}

const createLoaderKeys = async (db: Database): Promise<LoaderKeys> => ({
  full: await makeKey(db, { name: 'loader-test' }),
  limited: await makeKey(db, { name: 'loader-limited', monthlyLimit: 2 }),
  inactive: await makeKey(db, { name: 'loader-inactive', active: false }),
})

export async function loaderBackend(name: Backend): Promise<LoaderBackend> {
  const own = await isolatedBackend(name, { DEMO: 'off' }, { keys: { name: 'loader', create: createLoaderKeys } })
  const workDir = join(own.dataDir, 'input')
  mkdirSync(workDir, { recursive: true })
  return { name, env: own.env, workDir, keys: own.keys, cleanup: own.cleanup }
}

export interface CliResult {
  code: number
  stdout: string
  stderr: string
}

/** Runs `npm run load -- …` to the end; never throws on a non-zero exit. */
export function loadCli(backend: Pick<LoaderBackend, 'env'>, args: string[]): Promise<CliResult> {
  return new Promise((res) => {
    execFile(
      process.execPath,
      [...LOAD_ARGS, ...args],
      { cwd: ROOT, env: backend.env, timeout: 300_000 },
      (error, stdout, stderr) =>
        res({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr }),
    )
  })
}

export const startServer = (backend: LoaderBackend): Promise<SpawnedServer> => spawnServer(backend.env)

/** A JSON call with the key; returns status and parsed body. */
export async function api<T = unknown>(
  server: SpawnedServer,
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
