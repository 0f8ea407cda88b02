/**
 * Load liveness on the embedded database without a PID file (issue 39 §6): a county load holds its
 * DATA_DIR by a local socket the operating system closes with the process (data-dir-lock.ts). While
 * it runs, a server start, a second load and the keys command are refused naming it; killed with
 * SIGKILL (the loader's own process: `npm run load`'s launcher runs it in-process), it holds nothing
 * at once, and the next load cleans up and runs. A `server.pid` naming a live process — what a reused
 * PID looked like to the old check — stops nobody. PostgreSQL's version: loader-faults and
 * load-liveness.db.test.ts (a session advisory lock).
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { LOAD_ARGS } from '../../scripts/load-args'
import { dataDirHolder, holdDataDir } from '../data-dir-lock'
import { FIXTURE_MAPPING, type FixtureParcel, fixtureParcels } from '../load/county-fixture.test-support'
import { IOWA_NORTH_FTUS_ESRI } from '../load/format-writers.test-support'
import { writeShapefileZip } from '../load/shapefile-writer.test-support'
import { type LoaderBackend, loadCli, loaderBackend, startServer } from './loader-harness.test-support'
import { createKey, ROOT } from './spawn-server'

const backendName = inject('backend')

describe.skipIf(backendName !== 'embedded')('load liveness on the embedded database', () => {
  let backend: LoaderBackend
  let dataDir: string
  let mapping: string
  beforeAll(async () => {
    backend = await loaderBackend(backendName)
    dataDir = backend.env.DATA_DIR as string
    mapping = join(backend.workDir, 'mapping.json')
    writeFileSync(mapping, JSON.stringify(FIXTURE_MAPPING))
    // Thousands of small lots: a load that runs long enough to be looked at, and killed.
    const base = fixtureParcels()[0]!
    const lots: FixtureParcel[] = Array.from({ length: 20_000 }, (_, i) => {
      const [x, y] = [-93.9 + (i % 150) * 0.0004, 41.9 + Math.floor(i / 150) * 0.0003]
      const ring = [
        [x, y],
        [x + 0.0003, y],
        [x + 0.0003, y + 0.0002],
        [x, y + 0.0002],
        [x, y],
      ]
      return { ...base, PIN: `L-${i}`, geom: { type: 'MultiPolygon', coordinates: [[ring]] } }
    })
    writeShapefileZip(join(backend.workDir, 'big.zip'), lots, IOWA_NORTH_FTUS_ESRI)
    writeShapefileZip(join(backend.workDir, 'small.zip'), fixtureParcels(), IOWA_NORTH_FTUS_ESRI)
  }, 240_000)
  afterAll(async () => {
    await backend?.cleanup()
  })

  const args = (file: string, countyFp: string) => [
    join(backend.workDir, file),
    ...['--state', 'IA', '--county-fp', countyFp, '--county', `Test ${countyFp}`, '--map', mapping],
  ]

  /** Starts a load (node itself, as `npm run load` runs it) and resolves once it reads into its stage. */
  function startLoad(file: string, countyFp: string): Promise<ChildProcess> {
    const child = spawn(process.execPath, [...LOAD_ARGS, ...args(file, countyFp)], {
      cwd: ROOT,
      env: backend.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    return new Promise((ok, fail) => {
      const onData = (d: Buffer) => {
        output += d.toString()
        if (/reading \[|checking geometry|stage statistics/.test(output)) ok(child)
      }
      child.stdout?.on('data', onData)
      child.stderr?.on('data', onData)
      child.once('exit', (code) => fail(new Error(`load exited (${code}) before it was looked at:\n${output}`)))
    })
  }

  it('a running load holds DATA_DIR: a server, a second load and the keys command are refused naming it', async () => {
    const child = await startLoad('big.zip', '911')
    try {
      const who = `A load (pid ${child.pid})`
      expect(await dataDirHolder(dataDir)).toBe(who)
      const second = await loadCli(backend, args('small.zip', '912'))
      expect(second.code).toBe(2)
      expect(second.stderr).toContain(`${who} is using ${dataDir}; stop it before loading.`)
      await expect(startServer(backend)).rejects.toThrow(`${who} is using ${dataDir}`)
      await expect(createKey(backend.env, ['--name', 'beside-a-load'])).rejects.toThrow(`${who} is using`)
    } finally {
      child.kill('SIGKILL')
      await new Promise((ok) =>
        child.exitCode !== null || child.signalCode !== null ? ok(null) : child.once('exit', ok),
      )
    }
  }, 300_000)

  it('killed with SIGKILL it holds nothing; a server.pid naming a live process stops nobody; the next load runs clean', async () => {
    expect(await dataDirHolder(dataDir)).toBeNull()
    // The old check judged this file by its PID: this one is alive (the test's own), and not a server.
    writeFileSync(join(dataDir, 'server.pid'), String(process.pid))
    const next = await loadCli(backend, args('small.zip', '913'))
    expect(next.code, next.stderr).toBe(0)
    expect(next.stderr).toMatch(/Removed what interrupted loads left behind: [1-9]\d* stage table\(s\)/)
    const list = await loadCli(backend, ['--list'])
    expect(list.stdout).toContain('Test 913')
    expect(list.stdout).not.toContain('Test 911')
    const server = await startServer(backend)
    try {
      expect(await dataDirHolder(dataDir)).toBe(`The server (pid ${server.process.pid})`)
      await expect(holdDataDir(dataDir, 'this test')).rejects.toThrow(/The server \(pid \d+\) is using/)
    } finally {
      await server.stop()
    }
    expect(await dataDirHolder(dataDir)).toBeNull()
  }, 300_000)
})
