/**
 * `npm run bench:tiles [-- --backend both|embedded|postgres --parcels N --embedded-parcels M]`:
 * parcel tiles measured from outside over loopback HTTP on each backend: the time to make one tile
 * at z10–z16 over the densest part of the demo data (each tile asked once, with TILE_STORE=off so
 * every tile is made on demand: "cold"), its size and parcels, how often the size cap reduced it, and
 * a whole 1280×800 viewport at z13, z14 and z16 fetched six at a time as a browser does; then the
 * server again with the tile store on, once its warm after the load is done ("warm"): z10, z12 and
 * z14, and the ratio of z10's p95 to z14's (target ≤ 2). Datasets are kept between runs
 * (bench-server.ts). Writes the `tiles` section of BENCHMARKS.md.
 */
import { parseArgs } from 'node:util'
import { VectorTile } from '@mapbox/vector-tile'
import { PbfReader } from 'pbf'
import { PARCEL_LAYER, PARCEL_TILE_PATH } from '../contract/tiles'
import { denseCentre, poster } from './bench-areas'
import { type BenchBackend, type BenchServer, pgServerUrl, startBenchServer } from './bench-server'
import { machineLine, writeSection } from './benchmarks-file'
import { ms, percentile } from './stats'

const { values } = parseArgs({
  options: {
    backend: { type: 'string', default: 'both' },
    parcels: { type: 'string', default: '100000' },
    'embedded-parcels': { type: 'string' },
    grid: { type: 'string', default: '7' },
  },
})
const parcels = Number(values.parcels)
const embeddedParcels = Number(values['embedded-parcels'] ?? Math.min(parcels, 100_000))
/** Tiles per zoom: a grid×grid block around the densest point. */
const grid = Number(values.grid)
const backends: BenchBackend[] = values.backend === 'both' ? ['embedded', 'postgres'] : [values.backend as BenchBackend]
if (backends.includes('postgres') && !pgServerUrl()) {
  throw new Error('--backend postgres needs BENCH_PG or PLAT_TEST_PG: a PostgreSQL server (see docs/testing.md)')
}

interface Tile {
  z: number
  x: number
  y: number
}

function tileAt(lon: number, lat: number, z: number): Tile {
  const n = 2 ** z
  const r = (lat * Math.PI) / 180
  return {
    z,
    x: Math.floor(((lon + 180) / 360) * n),
    y: Math.floor(((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * n),
  }
}

const path = ({ z, x, y }: Tile) =>
  PARCEL_TILE_PATH.replace('{z}', String(z)).replace('{x}', String(x)).replace('{y}', String(y))

interface Fetched {
  ms: number
  bytes: number
  wire: number
  parcels: number
  reduced: boolean
}

async function fetchTile(server: BenchServer, tile: Tile): Promise<Fetched> {
  const t0 = performance.now()
  const res = await fetch(`${server.baseUrl}${path(tile)}`, {
    headers: { authorization: `Bearer ${server.key}`, 'accept-encoding': 'br, gzip' },
  })
  const body = new Uint8Array(await res.arrayBuffer())
  const elapsed = performance.now() - t0
  if (res.status !== 200) throw new Error(`${path(tile)} → ${res.status} ${new TextDecoder().decode(body)}`)
  return {
    ms: elapsed,
    bytes: body.byteLength,
    wire: Number(res.headers.get('content-length') ?? body.byteLength),
    parcels: body.byteLength ? (new VectorTile(new PbfReader(body)).layers[PARCEL_LAYER]?.length ?? 0) : 0,
    reduced: (res.headers.get('x-tile-detail') ?? 'full') !== 'full',
  }
}

/** The tiles a w×h CSS-pixel viewport centred on a point shows at zoom z (512-px tiles). */
function viewport(centre: [number, number], z: number, w = 1280, h = 800): Tile[] {
  const c = tileAt(centre[0], centre[1], z)
  const cols = Math.ceil(w / 512 / 2) + 1
  const rows = Math.ceil(h / 512 / 2) + 1
  const out: Tile[] = []
  for (let dx = -cols; dx < cols; dx++) for (let dy = -rows; dy < rows; dy++) out.push({ z, x: c.x + dx, y: c.y + dy })
  return out
}

async function inParallel<T, R>(items: T[], width: number, fn: (t: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length)
  let next = 0
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const i = next++
        out[i] = await fn(items[i] as T)
      }
    }),
  )
  return out
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`

async function measure(server: BenchServer): Promise<string[]> {
  const centre = await denseCentre(poster(server.baseUrl, server.key))
  const { lines } = await zoomTable(server, centre, [10, 11, 12, 13, 14, 15, 16])
  lines.push('', '| Whole viewport (1280×800), 6 requests at a time | Tiles | Time to last tile |', '|---|---|---|')
  for (const z of [13, 14, 16]) {
    // TILE_STORE=off: these are made again even where asked above.
    const tiles = viewport(centre, z)
    const t0 = performance.now()
    await inParallel(tiles, 6, (t) => fetchTile(server, t))
    lines.push(`| z${z} | ${tiles.length} | ${ms(performance.now() - t0)} |`)
  }
  return lines
}

/** One table row per zoom: a grid×grid block of tiles around `centre`, each asked once, one at a time. */
async function zoomTable(
  server: BenchServer,
  centre: [number, number],
  zooms: number[],
): Promise<{ lines: string[]; p95: Map<number, number> }> {
  const p95 = new Map<number, number>()
  const lines = [
    '| Zoom | Tiles with parcels (of asked) | Parcels p50 / max | p50 | p95 | max | MVT size p50 / max | on the wire p50 | reduced by the cap |',
    '|---|---|---|---|---|---|---|---|---|',
  ]
  const half = Math.floor(grid / 2)
  for (const z of zooms) {
    const c = tileAt(centre[0], centre[1], z)
    const tiles: Tile[] = []
    for (let dx = -half; dx <= half; dx++)
      for (let dy = -half; dy <= half; dy++) tiles.push({ z, x: c.x + dx, y: c.y + dy })
    // One at a time: the time to make a tile, not a queue.
    const all: Fetched[] = []
    for (const t of tiles) all.push(await fetchTile(server, t))
    // Figures over the tiles that hold parcels: an empty tile costs an index probe and says little.
    const got = all.filter((g) => g.parcels > 0)
    if (got.length === 0) continue
    const t = got.map((g) => g.ms)
    p95.set(z, percentile(t, 95))
    const sizes = got.map((g) => g.bytes)
    const counts = got.map((g) => g.parcels)
    lines.push(
      `| ${z} | ${got.length} (${all.length}) | ${percentile(counts, 50)} / ${Math.max(...counts)} | ${ms(percentile(t, 50))} | ${ms(percentile(t, 95))} | ${ms(Math.max(...t))} | ` +
        `${kb(percentile(sizes, 50))} / ${kb(Math.max(...sizes))} | ${kb(
          percentile(
            got.map((g) => g.wire),
            50,
          ),
        )} | ` +
        `${got.filter((g) => g.reduced).length} |`,
    )
  }
  return { lines, p95 }
}

/** Waits for the server's line saying the warm of the data version is done; returns it. */
async function warmed(server: BenchServer, timeoutMs = 40 * 60_000): Promise<string> {
  const t0 = Date.now()
  for (;;) {
    const line = server
      .output()
      .split('\n')
      .find((l) => /Tiles: z10–z12 of data version \S+ kept/.test(l))
    if (line) return line.trim()
    if (Date.now() - t0 > timeoutMs) throw new Error('the tile store was not warm in time')
    await new Promise((r) => setTimeout(r, 1000))
  }
}

async function measureWarm(server: BenchServer): Promise<string[]> {
  const centre = await denseCentre(poster(server.baseUrl, server.key))
  const line = await warmed(server)
  const { lines, p95 } = await zoomTable(server, centre, [10, 12, 14])
  const ratio = (p95.get(10) ?? 0) / (p95.get(14) ?? 1)
  return [
    `Server log: "${line}"`,
    '',
    ...lines,
    '',
    `z10 p95 ÷ z14 p95 (warm): **${ratio.toFixed(2)}×** (target ≤ 2×).`,
  ]
}

const sections: string[] = []
for (const backend of backends) {
  const n = backend === 'embedded' ? embeddedParcels : parcels
  const name = `${backend === 'embedded' ? 'Embedded database (PGlite)' : 'PostgreSQL'}, ${n.toLocaleString('en-US')} parcels`
  const cold = await startBenchServer(backend, n, { TILE_STORE: 'off' })
  try {
    console.log(`${backend}: ${n} parcels, server up in ${cold.startSeconds.toFixed(1)} s`)
    const lines = await measure(cold)
    console.log(lines.join('\n'))
    sections.push(`### ${name}: cold (TILE_STORE=off, every tile made on demand)`, '', ...lines, '')
  } finally {
    await cold.stop()
  }
  const warm = await startBenchServer(backend, n, { TILE_STORE: 'on' })
  try {
    const lines = await measureWarm(warm)
    console.log(lines.join('\n'))
    sections.push(`### ${name}: warm (TILE_STORE=on, after the warm that follows a load or a start)`, '', ...lines, '')
  } finally {
    await warm.stop()
  }
}

writeSection(
  `tiles-${values.backend}`,
  [
    `## Parcel tiles (\`npm run bench:tiles -- --backend ${values.backend} --parcels ${parcels}${
      values['embedded-parcels'] ? ` --embedded-parcels ${embeddedParcels}` : ''
    }\`)`,
    '',
    `${machineLine()}; ${new Date().toISOString().slice(0, 10)}. A ${grid}×${grid} block of tiles per zoom around the`,
    'densest point of the demo data (a town lot in Story County, Iowa), each asked once over loopback HTTP',
    'with a key (no cache); figures are over the tiles that hold parcels. "MVT size" is the tile as made;',
    '"on the wire" after brotli. The size cap is',
    'TILE_MAX_KB (default 512). The viewport rows fetch every tile a 1280×800 map shows, six at a time',
    'as a browser does.',
    '',
    ...sections,
  ].join('\n'),
)
