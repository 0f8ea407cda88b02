/**
 * Normalized requests → cache keys, for every endpoint. Two requests that must give the same answer
 * get the same key, so the cache answers the second (a call the cache could have answered is a bug):
 * - areas: coordinates rounded to 6 decimals (~0.1 m), features sorted (the area response is a set);
 * - filters: sorted (they are ANDed), `in`/`nin` value lists sorted, long lists replaced by a hash;
 * - order defaults spelled out (direction 'asc');
 * - points: rounded to 6 decimals; addresses: trimmed, spaces collapsed, lower case;
 * - every key carries the base URL: two servers, two caches.
 * Only the key is normalized; the body sent keeps the user's filter order so a 400 "filters[i]"
 * still points at the user's row.
 */
import type { Feature, FeatureCollection, Polygon } from 'geojson'
import { ADDRESS_MAX_LENGTH } from '../../contract/limits'
import type { FilterItem, QueryRequest } from '../../contract/schemas'

const ROUND = 1e6
/** Degrees to 6 decimals (~0.1 m): closer points are one lookup, closer vertices one area. */
export const round6 = (n: number) => Math.round(n * ROUND) / ROUND

/** The area body we send: rounded, sorted polygons (the key is then a hash of exactly what is sent). */
export function areaRequestBody(polygons: readonly Polygon[]): FeatureCollection<Polygon> {
  const features: Feature<Polygon>[] = polygons
    .map((p) => ({
      type: 'Feature' as const,
      properties: {},
      geometry: {
        type: 'Polygon' as const,
        coordinates: p.coordinates.map((ring) => ring.map(([x, y]) => [round6(x as number), round6(y as number)])),
      },
    }))
    .map((f) => ({ f, text: JSON.stringify(f.geometry.coordinates) }))
    .sort((a, b) => (a.text < b.text ? -1 : a.text > b.text ? 1 : 0))
    .map(({ f }) => f)
  return { type: 'FeatureCollection', features }
}

export function areaKey(baseUrl: string, body: FeatureCollection): readonly unknown[] {
  return ['parcels', 'area', baseUrl, hashText(JSON.stringify(body.features.map((f) => f.geometry)))]
}

/** Lists longer than this are keyed by hash + length (a 20,000-id chunk must not become a 800 KB key). */
const INLINE_VALUES = 32
const listHashes = new WeakMap<readonly unknown[], string>()

function normalizeValue(value: FilterItem['value']): unknown {
  if (!Array.isArray(value)) return value ?? null
  if (value.length <= INLINE_VALUES) return [...value].sort(compareScalars)
  let hash = listHashes.get(value)
  if (!hash) {
    // Chunks are slices of the area's sorted id list, so hashing in order is stable; sorting 50,000
    // ids for every page key would cost more than the rare miss on a reordered list.
    hash = hashText(value.join('\u0000'))
    listHashes.set(value, hash)
  }
  return { n: value.length, hash }
}

export function normalizeFilters(filters: readonly FilterItem[]): unknown[] {
  return filters
    .map((f) => ({ field: f.field, op: f.op, value: normalizeValue(f.value) }))
    .map((f) => ({ f, text: JSON.stringify(f) }))
    .sort((a, b) => (a.text < b.text ? -1 : a.text > b.text ? 1 : 0))
    .map(({ f }) => f)
}

export function queryKey(baseUrl: string, body: QueryRequest): readonly unknown[] {
  return [
    'parcels',
    'query',
    baseUrl,
    {
      filters: normalizeFilters(body.filters),
      order: body.order ? { field: body.order.field, direction: body.order.direction ?? 'asc' } : null,
      limit: body.limit ?? 20,
      offset: body.offset ?? 0,
      include_buildings: body.include_buildings ?? false,
    },
  ]
}

export function pointKey(baseUrl: string, params: { lat: number; lon: number }): readonly unknown[] {
  return ['parcels', 'point', baseUrl, { ...params, lat: round6(params.lat), lon: round6(params.lon) }]
}

/** Whitespace and case do not change a trigram match, so they do not change the key either. */
export function normalizeAddress(text: string): string {
  return text.trim().replace(/\s+/g, ' ').toLowerCase().slice(0, ADDRESS_MAX_LENGTH)
}

export function addressKey(baseUrl: string, params: { address: string }): readonly unknown[] {
  return ['parcels', 'address', baseUrl, { ...params, address: normalizeAddress(params.address) }]
}

export function coverageKey(baseUrl: string): readonly unknown[] {
  return ['coverage', baseUrl]
}

function compareScalars(a: string | number, b: string | number): number {
  if (typeof a === typeof b) return a < b ? -1 : a > b ? 1 : 0
  return typeof a === 'number' ? -1 : 1
}

/** Two independent 53-bit hashes (cyrb53): ~106 bits, so a collision between chunks is not a concern. */
export function hashText(text: string): string {
  return cyrb53(text, 0x9e3779b9).toString(36) + cyrb53(text, 0x85ebca6b).toString(36)
}

function cyrb53(str: string, seed: number): number {
  let h1 = 0xdeadbeef ^ seed
  let h2 = 0x41c6ce57 ^ seed
  for (let i = 0; i < str.length; i++) {
    const ch = str.charCodeAt(i)
    h1 = Math.imul(h1 ^ ch, 2654435761)
    h2 = Math.imul(h2 ^ ch, 1597334677)
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909)
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909)
  return 4294967296 * (2097151 & h2) + (h1 >>> 0)
}
