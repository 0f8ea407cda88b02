/**
 * A county file's layers → batches of staged rows for the load path: per layer, the CRS is settled
 * and the mapping checked against the layer's attributes before its first row is handed on, so a
 * wrong CRS or mapping stops the load before anything is written.
 */
import type { Projection } from '../../../formats/crs'
import { resolveCrs } from '../readers/crs'
import { JoinColumnError } from '../readers/join-errors'
import { SourceError, type SourceFeature, type SourceFile, type SourceLayer } from '../readers/source'
import { FitTally } from './crs-fit'
import { type CoercionLog, featureToRow } from './feature-to-row'
import { type Mapping, resolveMapping } from './mapping'
import type { StagedItem } from './staged-row'
import type { TextHygieneLog } from './text-hygiene'

const BATCH = 1000
/**
 * Attribute values a batch holds at most (fewer features when they are wide): memory bounded in
 * the number of columns. A batch is held while it is turned into rows and staged, and the next is
 * read meanwhile; with an assessor table of 5,000 columns joined (issue 39), 1,000 features were
 * 5,000,000 values, each feature's own object of 5,000 keys. 100,000 leaves a batch of 1,000
 * features of up to 100 attributes as it was, and makes one of 20 features at 5,000.
 */
export const BATCH_VALUES = 100_000
/**
 * Features read between turns of the event loop. A reader's awaits resolve from buffered data
 * (microtasks), so without a turn the socket never drains the COPY of the batch before: the
 * database sat waiting for the rest of its data while Node read the next batch (issue 23).
 */
const YIELD_EVERY = 100
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve))
/** Features looked at to learn a schemaless layer's attribute names (GeoJSON omits empty ones). */
const LOOKAHEAD = 200

export interface FileItemsOptions {
  mapping: Mapping
  crs?: string
  log: CoercionLog
  hygiene?: TextHygieneLog
  /** the county's state (abbreviation): features outside it are CRS misfits (crs-fit.ts) */
  state?: string
  /** called once per layer with the projection chosen, for the CLI to print */
  onLayer?: (layer: SourceLayer, projection: Projection) => void
}

export async function* fileItems(file: SourceFile, o: FileItemsOptions): AsyncGenerator<StagedItem[]> {
  let feature = 0
  for (const layer of file.layers) {
    const features = layer.features()[Symbol.asyncIterator]()
    // A reader that fails says where: the feature number, and the layer (one line, no stack).
    const base = feature
    let pulled = 0
    const it = {
      next: () =>
        features.next().then(
          (r) => {
            if (!r.done) pulled++
            return r
          },
          (e: unknown) => {
            // A --on column the shapes lack is the command's mistake, not this feature's (exit 2).
            if (e instanceof JoinColumnError) throw e
            const at = `feature ${(base + pulled + 1).toLocaleString('en-US')}${layer.name ? ` of layer ${layer.name}` : ''}`
            throw new SourceError(`${at}: ${String((e as Error)?.message ?? e).split('\n')[0]}`)
          },
        ),
    }
    const ahead: SourceFeature[] = []
    // Bounded in values too: 200 features of a 5,000-column join were 1,000,000 values held at once.
    const seen = new Set<string>()
    let aheadValues = 0
    while (ahead.length < (layer.attributes ? 1 : LOOKAHEAD) && aheadValues < BATCH_VALUES) {
      const next = await it.next()
      if (next.done) break
      ahead.push(next.value)
      for (const name in next.value.properties) {
        seen.add(name)
        aheadValues++
      }
    }
    if (ahead.length === 0) continue
    const projection = resolveCrs(o.crs, layer.crs(), layer.defaultLonLat)
    const attributes = layer.attributes ?? [...seen]
    const where = layer.name ? `layer ${layer.name}: ` : ''
    let mapping: Mapping
    try {
      mapping = resolveMapping(o.mapping, attributes)
    } catch (e) {
      throw Object.assign(e as Error, { message: where + (e as Error).message })
    }
    o.onLayer?.(layer, projection)
    const fit = o.state ? new FitTally(o.state, projection, where) : null
    const ctx = { mapping, projection, layer: layer.name, log: o.log, hygiene: o.hygiene, fit }
    let batch: StagedItem[] = []
    let values = 0
    const take = (f: SourceFeature) => {
      feature++
      batch.push(featureToRow(f, feature, ctx))
      for (const _ in f.properties) values++
    }
    for (const f of ahead) take(f)
    for (let next = await it.next(); !next.done; next = await it.next()) {
      // Before taking the next: the features read ahead may already fill a batch.
      if (batch.length >= BATCH || values >= BATCH_VALUES) {
        fit?.verdict(false)
        yield batch
        batch = []
        values = 0
      }
      take(next.value)
      if (feature % YIELD_EVERY === 0) await yieldToEventLoop()
    }
    // Before the last batch goes in: a layer mostly outside the state stops the load here.
    fit?.verdict(true)
    if (batch.length) yield batch
  }
}

/** Features in the file when every layer's header says (null otherwise). */
export function knownCount(file: SourceFile): number | null {
  let n = 0
  for (const l of file.layers) {
    if (l.count === null) return null
    n += l.count
  }
  return n
}
