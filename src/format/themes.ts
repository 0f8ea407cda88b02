/**
 * Map themes: how search results are coloured (crop class, acres, value per acre, sale year). Pure
 * data and classification, shared by the map's paint expressions (src/features/map/tiles/theme-paint.ts), the
 * legend, and the link codec. A theme reads the short properties parcel tiles carry
 * (contract/tiles.ts `PARCEL_TILE_PROPS`); for results drawn from GeoJSON the same properties are
 * derived from the records by `themeProps`, so one paint expression serves both sources.
 */
import { CDL_CATEGORIES } from '../../contract/crops'
import { LAND_USE_CLASSES, type LandUseClass, landUseClassIndex } from '../../contract/land-use-classes'
import { landUseClassOf } from '../../contract/land-use-classify'
import { ROTATIONS, rotationOf } from '../../contract/rotation'
import type { ThemeId } from '../../contract/theme-ids'
import { PARCEL_TILE_PROPS } from '../../contract/tiles'
import { toNumber } from './format-value'

// The ids are the link format's (contract/theme-ids.ts); the app names them from here with the themes.
export { isThemeId, THEME_IDS, type ThemeId } from '../../contract/theme-ids'

export interface ThemeClass {
  label: string
  color: string
  /** Ranges: the class holds values ≥ `min` (and below the next class's `min`). */
  min?: number
  /** Categories: the codes in this class. */
  codes?: readonly number[]
}

export interface Theme {
  id: ThemeId
  label: string
  /** The tile property the theme reads; null for the plain theme. */
  prop: (typeof PARCEL_TILE_PROPS)[keyof typeof PARCEL_TILE_PROPS] | null
  kind: 'plain' | 'ranges' | 'categories'
  classes: readonly ThemeClass[]
}

/** Colour of results under the plain theme (and the map's hover/selection keep their own). */
export const PLAIN_COLOR = '#2b7a78'
/** A result whose value is missing; a code the palette does not know. */
export const NO_VALUE_COLOR = '#c8c8c8'
export const OTHER_COLOR = '#8c8c8c'

/**
 * After the colours of the USDA Cropland Data Layer legend (CropScape), which land buyers know; the
 * developed classes share one grey and the forests one green, as they read alike on a parcel map.
 */
const CDL_COLORS: Record<number, string> = {
  1: '#ffd300',
  2: '#ff2626',
  3: '#00a8e2',
  4: '#ff9e0a',
  5: '#267000',
  6: '#ffff00',
  21: '#e2007c',
  24: '#a57000',
  26: '#707000',
  28: '#a05989',
  36: '#ffa5e2',
  37: '#a5f28c',
  42: '#a80000',
  54: '#f2a377',
  61: '#bfbf77',
  66: '#ff00ff',
  67: '#ff8eaa',
  69: '#704489',
  72: '#ffff7e',
  75: '#00a582',
  76: '#e9d6af',
  204: '#00ff8c',
  111: '#4970a3',
  121: '#9c9c9c',
  122: '#9c9c9c',
  123: '#9c9c9c',
  124: '#9c9c9c',
  131: '#ccbfa3',
  141: '#93cc93',
  142: '#93cc93',
  152: '#c6d69e',
  176: '#e8ffbf',
  190: '#7cafaf',
  195: '#7cafaf',
}

/** A CDL code's legend colour (the rotation strip and the crops-by-year chart use it too). */
export const cdlColor = (code: number): string => CDL_COLORS[code] ?? OTHER_COLOR

/** Rotation colours after the CDL colour of each pattern's main crop, so the two themes read alike. */
const ROTATION_COLORS: Record<(typeof ROTATIONS)[number]['id'], string> = {
  'corn-soybean': '#7fa600',
  'continuous-corn': '#ffd300',
  'small-grain-fallow': '#a57000',
  perennial: '#00a582',
  'hay-pasture': '#ffa5e2',
  mixed: '#6a3d9a',
  'left-cropland': '#4d4d4d',
}

/**
 * Land-use classes in the colours planners use for them (the APA's land-based colour standard:
 * residential yellow, commercial red, industrial purple, institutional blue, agriculture green),
 * vacant a pale tan and other a slate grey, both distinct from the greys of "no value" and "other code".
 */
const LAND_USE_COLORS: Record<LandUseClass, string> = {
  agricultural: '#66a61e',
  residential: '#ffd92f',
  commercial: '#e31a1c',
  industrial: '#7b3294',
  institutional: '#1f78b4',
  vacant: '#e6cfa1',
  other: '#50616d',
}

const cropClasses: ThemeClass[] = CDL_CATEGORIES.map((c) => ({
  label: c.name,
  color: CDL_COLORS[c.code] ?? OTHER_COLOR,
  codes: [c.code],
}))

// Sequential ramps (ColorBrewer YlGn, YlOrRd, PuBu): ordered classes read light to dark.
export const THEMES: readonly Theme[] = [
  { id: 'plain', label: 'One colour', prop: null, kind: 'plain', classes: [] },
  { id: 'crop', label: 'Crop / land cover', prop: PARCEL_TILE_PROPS.crop, kind: 'categories', classes: cropClasses },
  {
    id: 'acres',
    label: 'Acres',
    prop: PARCEL_TILE_PROPS.acres,
    kind: 'ranges',
    // Quarter-quarter (40 ac) and quarter sections (160 ac) are how farmland is sold.
    classes: [
      { label: 'under 1', min: Number.NEGATIVE_INFINITY, color: '#ffffcc' },
      { label: '1 – 5', min: 1, color: '#d9f0a3' },
      { label: '5 – 20', min: 5, color: '#addd8e' },
      { label: '20 – 40', min: 20, color: '#78c679' },
      { label: '40 – 80', min: 40, color: '#41ab5d' },
      { label: '80 – 160', min: 80, color: '#238443' },
      { label: '160 and more', min: 160, color: '#005a32' },
    ],
  },
  {
    id: 'vpa',
    label: 'Value per acre',
    prop: PARCEL_TILE_PROPS.valuePerAcre,
    kind: 'ranges',
    classes: [
      { label: 'under $2,000', min: Number.NEGATIVE_INFINITY, color: '#ffffb2' },
      { label: '$2,000 – 5,000', min: 2_000, color: '#fed976' },
      { label: '$5,000 – 10,000', min: 5_000, color: '#feb24c' },
      { label: '$10,000 – 25,000', min: 10_000, color: '#fd8d3c' },
      { label: '$25,000 – 100,000', min: 25_000, color: '#f03b20' },
      { label: '$100,000 and more', min: 100_000, color: '#bd0026' },
    ],
  },
  {
    id: 'sale',
    label: 'Sale year',
    prop: PARCEL_TILE_PROPS.saleYear,
    kind: 'ranges',
    classes: [
      { label: 'before 1990', min: Number.NEGATIVE_INFINITY, color: '#f1eef6' },
      { label: '1990 – 1999', min: 1990, color: '#d0d1e6' },
      { label: '2000 – 2009', min: 2000, color: '#a6bddb' },
      { label: '2010 – 2014', min: 2010, color: '#74a9cf' },
      { label: '2015 – 2019', min: 2015, color: '#2b8cbe' },
      { label: '2020 and later', min: 2020, color: '#045a8d' },
    ],
  },
  {
    id: 'rotation',
    label: 'Crop rotation',
    prop: PARCEL_TILE_PROPS.rotation,
    kind: 'categories',
    classes: ROTATIONS.map((r, i) => ({ label: r.label, color: ROTATION_COLORS[r.id], codes: [i] })),
  },
  {
    id: 'landuse',
    label: 'Land-use class',
    prop: PARCEL_TILE_PROPS.landUse,
    kind: 'categories',
    classes: LAND_USE_CLASSES.map((c, i) => ({ label: c.label, color: LAND_USE_COLORS[c.id], codes: [i] })),
  },
]

export function themeById(id: string): Theme {
  return THEMES.find((t) => t.id === id) ?? (THEMES[0] as Theme)
}

export type ThemeProps = Partial<Record<NonNullable<Theme['prop']>, number>>

/**
 * A record's theme properties, derived as the server derives its tile properties
 * (contract/tiles.ts): crop = `cdl_majority_value`, acres, value per acre = parcel_value / acres
 * rounded, sale year = the year of `sale_date`, rotation = the index of the record's rotation (stored,
 * or derived from `cdl_history`), land use = the index of its land-use class (stored, or derived from
 * its code and description). Missing or unreadable values are left out.
 */
export function themeProps(record: Record<string, unknown>): ThemeProps {
  const out: ThemeProps = {}
  const crop = toNumber(record.cdl_majority_value)
  if (crop !== null) out[PARCEL_TILE_PROPS.crop] = crop
  const acres = toNumber(record.acres)
  if (acres !== null) out[PARCEL_TILE_PROPS.acres] = acres
  const value = toNumber(record.parcel_value)
  if (value !== null && acres !== null && acres > 0) out[PARCEL_TILE_PROPS.valuePerAcre] = Math.round(value / acres)
  const year = typeof record.sale_date === 'string' ? /^(\d{4})/.exec(record.sale_date)?.[1] : undefined
  if (year) out[PARCEL_TILE_PROPS.saleYear] = Number(year)
  const rotation = rotationOf(record)
  if (rotation) out[PARCEL_TILE_PROPS.rotation] = ROTATIONS.findIndex((r) => r.id === rotation)
  const landUse = landUseClassOf(record)
  if (landUse) out[PARCEL_TILE_PROPS.landUse] = landUseClassIndex(landUse)
  return out
}

/** The class a value falls in: an index into `theme.classes`, 'other' (unknown code) or 'none' (no value). */
export function classify(theme: Theme, value: number | undefined): number | 'other' | 'none' {
  if (theme.kind === 'plain') return 'none'
  if (value === undefined || !Number.isFinite(value)) return 'none'
  if (theme.kind === 'categories') {
    const i = theme.classes.findIndex((c) => c.codes?.includes(value))
    return i < 0 ? 'other' : i
  }
  let found = 0
  theme.classes.forEach((c, i) => {
    if (value >= (c.min ?? Number.NEGATIVE_INFINITY)) found = i
  })
  return found
}
