/**
 * Issue 40, item 3, as a person sees it: with an outline archive configured (TILES_ARCHIVE_FILE, made
 * by `npm run tiles:archive`), the map draws a county's parcel outlines from the archive — read by
 * HTTP Range, no live tile asked — and a county loaded after the archive was made still shows its
 * outlines, from the live tile endpoint. Runs against its own server (port E2E_PORT + 300) on a data
 * folder this file fills through the real CLI: Story County's 30 lots loaded, the archive made, then
 * 30 lots of Boone County loaded after it.
 */
import { execFile } from 'node:child_process'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { expect, type Page, test } from '@playwright/test'
import type { MultiPolygon } from 'geojson'
import { TILES_ARCHIVE_PATH } from '../contract/tiles-archive'
import { LOTS_MAPPING, lots, lotsGeoJson } from '../server/load/reload-fixture.test-support'
import { copyPreparedEmbedded, SCHEMA_ONLY } from '../server/test/prepared-data'
import type { MapProbe } from '../src/features/map/map-probe'
import { cameraSettled, watchConsole } from './support/app'
import { type OwnServer, startOwnServer } from './support/own-server'

const PORT = Number(process.env.E2E_PORT ?? 8797) + 300
const BASE = `http://localhost:${PORT}`
const ROOT = join(tmpdir(), `plat-e2e-archive-${PORT}`)
/** The lots sit at -93.62…-93.608, 42.02…42.025; Boone's are the same lots 0.3° west. */
const STORY_VIEW = 'c=-93.614,42.0225,15.6'
const BOONE_VIEW = 'c=-93.914,42.0225,15.6'
const run = promisify(execFile)

let server: OwnServer

const env = () => ({ ...process.env, DATA_DIR: join(ROOT, 'data'), DATABASE_URL: '', DEMO: 'on' })
/** A CLI run; its output in the error when it fails. */
async function cli(name: string, args: string[]) {
  try {
    return await run(process.execPath, ['scripts/run-cli.mjs', name, ...args], { env: env() })
  } catch (e) {
    const { stdout, stderr } = e as { stdout?: string; stderr?: string }
    throw new Error(`${name} ${args.join(' ')} failed: ${(e as Error).message}\n${stdout ?? ''}\n${stderr ?? ''}`)
  }
}

const shifted = (g: MultiPolygon, dx: number): MultiPolygon => ({
  type: 'MultiPolygon',
  coordinates: g.coordinates.map((poly) => poly.map((ring) => ring.map(([x, y]) => [x! + dx, y!]))),
})

async function loadLots(name: string, countyFp: string, county: string, dx: number) {
  const file = join(ROOT, `${name}.geojson`)
  writeFileSync(file, lotsGeoJson(lots().map((l) => ({ ...l, geom: shifted(l.geom, dx) }))))
  const map = join(ROOT, 'mapping.json')
  writeFileSync(map, JSON.stringify(LOTS_MAPPING))
  await cli('load', [file, '--state', 'IA', '--county-fp', countyFp, '--county', county, '--map', map])
}

test.describe.configure({ mode: 'serial' })
test.use({ baseURL: BASE })

test.beforeAll(async () => {
  // Three CLI runs (two loads and the archive) and a server start, each opening the embedded database.
  test.setTimeout(600_000)
  rmSync(ROOT, { recursive: true, force: true })
  mkdirSync(ROOT, { recursive: true })
  // Copied migrated: the first CLI run would otherwise migrate an empty database (~10 s of CPU).
  await copyPreparedEmbedded(SCHEMA_ONLY, join(ROOT, 'data'))
  await loadLots('story', '169', 'Story', 0)
  const made = await cli('tiles-archive', ['--out', join(ROOT, 'outlines.pmtiles')])
  expect(made.stdout).toMatch(/Archive .*outlines\.pmtiles: 1 counties, 30 parcels/)
  await loadLots('boone', '015', 'Boone', -0.3)
  server = await startOwnServer(
    ['scripts/run-cli.mjs', 'start'],
    { ...env(), PORT: String(PORT), TILES_ARCHIVE_FILE: join(ROOT, 'outlines.pmtiles') },
    180_000,
    "the archive's server",
  )
})

test.afterAll(async () => {
  server?.stop()
  await new Promise((r) => setTimeout(r, 1000))
  rmSync(ROOT, { recursive: true, force: true })
})

/** The archive's requests (with their Range) and the live tiles' paths the page asks for. */
function watchTiles(page: Page) {
  const seen = { archive: [] as string[], live: [] as string[] }
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname
    if (path === TILES_ARCHIVE_PATH) seen.archive.push(r.headers().range ?? '(no range)')
    if (path.startsWith('/tiles/parcels/')) seen.live.push(path)
  })
  return seen
}

const outlinesFromTiles = (page: Page) =>
  page.evaluate(
    () => (window as unknown as { platMap: MapProbe }).platMap.rendered().filter((p) => p.from === 'tiles').length,
  )

test('a county in the archive: its outlines are drawn from the archive, read by range, no live tile asked', async ({
  page,
}) => {
  test.setTimeout(120_000)
  const errors = watchConsole(page)
  const seen = watchTiles(page)
  await page.goto(`/?${STORY_VIEW}&v=1`)
  await cameraSettled(page)
  await expect.poll(() => outlinesFromTiles(page), { timeout: 60_000 }).toBeGreaterThanOrEqual(25)
  expect(seen.archive.length).toBeGreaterThan(0)
  for (const range of seen.archive) expect(range).toMatch(/^bytes=\d+-\d+$/)
  expect(seen.live).toEqual([])
  expect(errors).toEqual([])
})

test('a county loaded after the archive: its outlines come from the live tiles', async ({ page }) => {
  test.setTimeout(120_000)
  const errors = watchConsole(page)
  const seen = watchTiles(page)
  await page.goto(`/?${BOONE_VIEW}&v=1`)
  await cameraSettled(page)
  await expect.poll(() => outlinesFromTiles(page), { timeout: 60_000 }).toBeGreaterThanOrEqual(25)
  expect(seen.live.length).toBeGreaterThan(0)
  expect(errors).toEqual([])
})
