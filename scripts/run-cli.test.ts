/**
 * The CLI launcher (run-cli.mjs) in real processes, on a cache folder of the test's own (PLAT_CLI_CACHE): it builds
 * a command's bundle once, starts from it while no source changed, and builds anew when one did.
 * The loader's API tests run every load through it, on both databases (the embedded one starts its
 * worker from the bundle).
 */
import { execFile } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

const ROOT = resolve(import.meta.dirname, '..')
// Inside the project, as the real cache is: the bundle resolves its packages from node_modules.
mkdirSync(join(ROOT, 'node_modules', '.cache'), { recursive: true })
const cache = mkdtempSync(join(ROOT, 'node_modules', '.cache', 'plat-cli-test-'))

function run(args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((ok) => {
    execFile(
      process.execPath,
      ['scripts/run-cli.mjs', ...args],
      { cwd: ROOT, env: { ...process.env, PLAT_CLI_CACHE: cache, ...env }, timeout: 120_000 },
      (e, stdout, stderr) => ok({ code: e ? Number(e.code ?? 1) : 0, stdout, stderr }),
    )
  })
}

const current = () =>
  JSON.parse(readFileSync(join(cache, 'current-load.json'), 'utf8')) as { dir: string; inputs: object }
const builds = () => readdirSync(cache).filter((d) => d.startsWith('load-'))

afterAll(() => {
  rmSync(cache, { recursive: true, force: true })
})

describe('the CLI launcher', () => {
  it('builds the command once and starts from that build while no source changes', async () => {
    const first = await run(['load', '--help'])
    expect(first.code, first.stderr).toBe(0)
    expect(first.stdout).toMatch(/^Usage:\n {2}npm run load -- FILE/)
    const { dir, inputs } = current()
    expect(Object.keys(inputs)).toEqual(expect.arrayContaining(['server/cli/load.ts', 'server/load/load-county.ts']))
    const builtAt = statSync(join(cache, dir, 'load.mjs')).mtimeMs
    const again = await run(['load', '--help'])
    expect(again.stdout).toBe(first.stdout)
    expect(current().dir).toBe(dir)
    expect(statSync(join(cache, dir, 'load.mjs')).mtimeMs).toBe(builtAt)
    expect(builds()).toEqual([dir])
  })

  it('builds anew when a source file it was built from changes', async () => {
    const before = current().dir
    const file = join(ROOT, 'server/load/states.ts')
    const { atime, mtime } = statSync(file)
    try {
      utimesSync(file, atime, new Date(mtime.getTime() + 1000))
      const r = await run(['load', '--help'])
      expect(r.code, r.stderr).toBe(0)
      expect(current().dir).not.toBe(before)
      expect(builds()).toEqual(expect.arrayContaining([before, current().dir]))
    } finally {
      utimesSync(file, atime, mtime)
    }
  })

  it('runs the command through tsx, and says so, when its cache cannot be written', async () => {
    const file = join(cache, 'a-file')
    writeFileSync(file, '')
    const r = await run(['load', '--help'], { PLAT_CLI_CACHE: join(file, 'cache') })
    expect(r.code, r.stderr).toBe(0)
    expect(r.stderr).toMatch(/^\(the load command runs through tsx: no bundle in .*ENOTDIR/)
    expect(r.stdout).toMatch(/^Usage:\n {2}npm run load -- FILE/)
  })

  it('refuses a command that does not exist', async () => {
    const r = await run(['nope'])
    expect(r.code).toBe(2)
    expect(r.stderr).toBe('No such command: server/cli/nope.ts\n')
  })

  it('refuses a command name that is not one', async () => {
    const r = await run(['../cli/load'])
    expect(r.code).toBe(2)
    expect(r.stderr).toMatch(/^Usage: node scripts\/run-cli.mjs NAME/)
  })
})
