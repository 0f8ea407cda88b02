/**
 * A county of 30 lots near Ames and its yearly reload with known changes (issue 23): two new owners
 * (and one owner only respelt, which is no change), two sales, lot 7 split in two, lots 20 and 21
 * gone, one revaluation. Used by the loader's database test and the /changes API test; the county is
 * written as GeoJSON in longitude/latitude for the CLI.
 */
import type { MultiPolygon } from 'geojson'
import { rect } from '../test/geo'

export const W = 0.002
export const H = 0.001
export const RELOAD_COUNTS = { new_owner: 2, sold: 2, split: 1, removed: 2, value_changed: 1 }
/** 30 lots less the 8 changed ones (the respelt owner is unchanged). */
export const RELOAD_UNCHANGED = 22

export const box = (x0: number, y0: number, x1: number, y1: number): MultiPolygon => ({
  type: 'MultiPolygon',
  coordinates: [rect(x0, y0, x1, y1).coordinates],
})

export const cell = (i: number) => {
  const x = -93.62 + (i % 6) * W
  const y = 42.02 + Math.floor(i / 6) * H
  return { x, y, geom: box(x, y, x + W, y + H) }
}

export interface Lot {
  pin: string
  owner: string
  sale_date: string
  sale_price: number
  parcel_value: number
  land_use: string | null
  land_use_code: string | null
  geom: MultiPolygon
}

const USES: [string | null, string | null][] = [
  ['AGRICULTURAL - CROPLAND', 'A1'],
  ['RESIDENTIAL - SINGLE FAMILY', 'R1'],
  [null, 'C2'],
  ['EXEMPT - CHURCH', null],
  ['MYSTERY USE', 'Q9'],
  [null, null],
]

/** 30 lots in a 6 × 5 grid; lot i's land use cycles through USES. */
export const lots = (): Lot[] =>
  Array.from({ length: 30 }, (_, i) => ({
    pin: `P${String(i).padStart(2, '0')}`,
    owner: i === 4 ? 'SMITH JOHN A' : `OWNER ${i}`,
    sale_date: '2010-05-01',
    sale_price: 100_000 + i,
    parcel_value: 200_000 + i,
    land_use: USES[i % 6]![0],
    land_use_code: USES[i % 6]![1],
    geom: cell(i).geom,
  }))

/** The reload: 2 new owners (plus one respelling), 2 sold, lot 7 split, lots 20 and 21 gone, 1 revalued. */
export function reloaded(): Lot[] {
  const out: Lot[] = []
  for (const l of lots()) {
    if (l.pin === 'P20' || l.pin === 'P21') continue
    if (l.pin === 'P07') {
      const { x, y } = cell(7)
      out.push({ ...l, pin: 'P07-A', geom: box(x, y, x + W / 2, y + H) })
      out.push({ ...l, pin: 'P07-B', owner: 'NEW NEIGHBOUR', geom: box(x + W / 2, y, x + W, y + H) })
      continue
    }
    if (l.pin === 'P01' || l.pin === 'P02') out.push({ ...l, owner: `BUYER ${l.pin}` })
    else if (l.pin === 'P04') out.push({ ...l, owner: 'Smith, John A. ET AL' })
    else if (l.pin === 'P10' || l.pin === 'P11')
      out.push({ ...l, owner: `SOLD TO ${l.pin}`, sale_date: '2024-03-15', sale_price: 450_000 })
    else if (l.pin === 'P12') out.push({ ...l, parcel_value: 999_999 })
    else out.push(l)
  }
  return out
}

/** The lots as a county would publish them: a GeoJSON FeatureCollection with its own field names. */
export function lotsGeoJson(ls: readonly Lot[]): string {
  return JSON.stringify({
    type: 'FeatureCollection',
    features: ls.map((l) => ({
      type: 'Feature',
      properties: {
        PIN: l.pin,
        OWNER: l.owner,
        SALE_DATE: l.sale_date,
        SALE_PRICE: l.sale_price,
        TOTAL_VAL: l.parcel_value,
        LUC_DESC: l.land_use,
        LUC: l.land_use_code,
        CITY: 'AMES',
      },
      geometry: l.geom,
    })),
  })
}

/** The mapping for lotsGeoJson's fields. */
export const LOTS_MAPPING = {
  parcel_id: 'PIN',
  owner: 'OWNER',
  sale_date: 'SALE_DATE',
  sale_price: 'SALE_PRICE',
  parcel_value: 'TOTAL_VAL',
  land_use: 'LUC_DESC',
  land_use_code: 'LUC',
  city: 'CITY',
}
