/**
 * `npm run bench:load-read [-- --parcels 200000 --runs 3]`: the Node half of a load's read phase
 * alone — open the file, map and coerce each feature, derive its keys and ids, write its COPY text
 * (what load-county.ts does per batch) — with no database, so it measures the loader's own work
 * per feature without PostgreSQL or the COPY transfer beside it (issue 23: the read phase at
 * 1,000,000 parcels is ~90 s; this says how much of it is Node's). The input is bench:load's
 * FlatGeobuf of that size (written first when missing). Prints wall and CPU seconds per run.
 */
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { parcelUuid } from '../server/load/derive/derive-ids'
import { footprintKey } from '../server/load/derive/footprint'
import { ownerKey, parcelKey } from '../server/load/derive/owner-key'
import { openSource } from '../server/load/readers/open-source'
import { CoercionLog } from '../server/load/rows/feature-to-row'
import { fileItems } from '../server/load/rows/file-items'
import { readMappingFile } from '../server/load/rows/mapping'
import { TextHygieneLog } from '../server/load/rows/text-hygiene'
import { stageLine } from '../server/load/stage/stage-table'
import { writeInput } from './load-inputs'

const { values } = parseArgs({
  options: { parcels: { type: 'string', default: '200000' }, runs: { type: 'string', default: '3' } },
})
const n = Number(values.parcels)
const dir = join('.data-bench-load', String(n))
const file = writeInput(dir, n, 'flatgeobuf')
const mapping = readMappingFile(join(dir, 'mapping.json'))

async function readOnce(): Promise<{ features: number; bytes: number }> {
  const source = await openSource(file)
  const items = fileItems(source, { mapping, log: new CoercionLog(), hygiene: new TextHygieneLog(), state: 'IA' })
  let features = 0
  let bytes = 0
  for await (const batch of items) {
    const lines: string[] = []
    for (const item of batch) {
      features++
      if ('reason' in item) continue
      const pidKey = parcelKey(typeof item.attrs.parcel_id === 'string' ? item.attrs.parcel_id : null)
      const owner = item.attrs.owner
      lines.push(
        stageLine({
          seq: features,
          row: item,
          ownerKey: ownerKey(typeof owner === 'string' ? owner : null),
          pidKey,
          footprint: footprintKey(item.geom),
          svcUuid: pidKey ? parcelUuid('19169', pidKey) : null,
        }),
      )
    }
    bytes += lines.join('').length
  }
  return { features, bytes }
}

for (let run = 1; run <= Number(values.runs); run++) {
  const cpu0 = process.cpuUsage()
  const t0 = performance.now()
  const { features, bytes } = await readOnce()
  const wall = (performance.now() - t0) / 1000
  const cpu = process.cpuUsage(cpu0)
  console.log(
    `run ${run}: ${features.toLocaleString('en-US')} features in ${wall.toFixed(2)} s wall, ` +
      `${((cpu.user + cpu.system) / 1e6).toFixed(2)} s CPU (${((wall / features) * 1e6).toFixed(1)} µs a feature), ` +
      `${(bytes / 2 ** 20).toFixed(0)} MiB of COPY text`,
  )
}
