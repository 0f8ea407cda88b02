/**
 * Field packs (issue 24): the size and download time of a pack for a ~1,000-parcel search, through
 * the app's own code — the tile cover (z10–z16 over the search area), the size estimate, and the
 * download (4 tiles at a time, stored in IndexedDB; fake-indexeddb in Node) — against a spawned
 * server on the embedded database. The records are fetched first, as the search would have loaded
 * them (10 query pages, not part of the pack's download). Results: BENCHMARKS.md "Field packs".
 *
 *   npm run bench:field [-- --parcels 20000 --target 1000 --runs 2]
 */
import { loadavg } from 'node:os'
import { parseArgs } from 'node:util'
import { IDBFactory } from 'fake-indexeddb'
import type { ParcelRecord } from '../contract/schemas'
import type { CoverageResponse } from '../contract/tiles'
import { formatBytes } from '../src/features/field/pack-estimate'
import { makePack, planPack } from '../src/features/field/pack-maker'
import { openPackStore } from '../src/features/field/pack-store'
import { denseCentre, poster, squareFor } from './bench-areas'
import { startBenchServer } from './bench-server'
import { machineLine, writeSection } from './benchmarks-file'

const { values } = parseArgs({
  options: {
    parcels: { type: 'string', default: '20000' },
    target: { type: 'string', default: '1000' },
    runs: { type: 'string', default: '2' },
  },
})
const parcels = Number(values.parcels)
const target = Number(values.target)
const runs = Number(values.runs)

const server = await startBenchServer('embedded', parcels)
try {
  const post = poster(server.baseUrl, server.key)
  const auth = { authorization: `Bearer ${server.key}` }
  const coverage = (await (await fetch(`${server.baseUrl}/coverage`, { headers: auth })).json()) as CoverageResponse
  if (!coverage.tiles) throw new Error('the bench server makes no tiles')
  // Let the server's tile store finish its z10–z12 tiles (made in the background after start).
  await new Promise((r) => setTimeout(r, 5_000))
  const { polygon, ids } = await squareFor(post, await denseCentre(post), target)
  const records: ParcelRecord[] = []
  for (let i = 0; i < ids.length; i += 100) {
    const page = (await post('/parcels/query', {
      filters: [{ field: 'svc_uuid', op: 'in', value: ids.slice(i, i + 100) }],
      limit: 100,
    })) as { results: ParcelRecord[] }
    records.push(...page.results)
  }
  const tileUrl = `${server.baseUrl}${coverage.tiles.path}?v=${encodeURIComponent(coverage.version)}`
  const planned = planPack({
    name: 'bench',
    kind: 'search',
    outline: polygon,
    records,
    coverage,
    tileUrl,
    searchQuery: null,
  })
  if (!planned.ok) throw new Error(planned.reason)
  const plan = planned.plan
  const perZoom = new Map<number, number>()
  for (const t of plan.tiles) perZoom.set(t.z, (perZoom.get(t.z) ?? 0) + 1)

  const rows: string[] = []
  for (let run = 1; run <= runs; run++) {
    const store = openPackStore(new IDBFactory())
    if (!store) throw new Error('no IndexedDB')
    const load = loadavg()[0]?.toFixed(1) ?? '?'
    const t0 = performance.now()
    const meta = await makePack(plan, `bench-${run}`, true, {
      store,
      fetchUrl: (url, signal) => fetch(url, { headers: auth, signal }),
      signal: new AbortController().signal,
      onProgress: () => {},
    })
    const seconds = (performance.now() - t0) / 1000
    const total = meta.tileBytes + meta.recordBytes
    rows.push(
      `| ${run === 1 ? 'first (z13–z16 tiles made on demand)' : 'again (same tiles, server warm)'} | ${seconds.toFixed(1)} s | ${(meta.tiles / seconds).toFixed(0)} tiles/s | ${formatBytes(meta.tileBytes)} | ${formatBytes(meta.recordBytes)} | ${formatBytes(total)} | ${meta.missingTiles} | ${load} |`,
    )
    console.log(rows.at(-1))
  }
  const zooms = [...perZoom.entries()].map(([z, n]) => `z${z}: ${n}`).join(', ')
  const body = `## Field packs (issue 24)

\`npm run bench:field\` (\`bench/field-bench.ts\`): a pack for a ${records.length.toLocaleString('en-US')}-parcel search (a square around the densest
town of the ${parcels.toLocaleString('en-US')}-parcel demo data), made by the app's own code — tile cover, estimate, download 4 tiles at a time
into IndexedDB (fake-indexeddb in Node) — against a spawned server on the embedded database. Records
were fetched first (as the search loads them; not part of the pack's time). ${machineLine()}.

Tiles: ${plan.tiles.length} (${zooms}). Estimated before download: ${formatBytes(plan.estimate.totalBytes)}
(tiles ${formatBytes(plan.estimate.tileBytes)}, records ${formatBytes(plan.estimate.recordBytes)}).

| run | download time | rate | tiles stored | records stored | pack size | tiles failed | load average (1 min) |
|---|---|---|---|---|---|---|---|
${rows.join('\n')}

Sizes are as stored (tiles uncompressed, records as JSON); the wire carries tiles brotli-compressed.
The machine is shared: the load average at the start of each run is in the last column.`
  writeSection('field-packs', body)
  console.log(body)
} finally {
  await server.stop()
}
