/**
 * Map paint for themes and feature-state, shared by the parcel tile layers and the GeoJSON results
 * layers: both carry the same short properties (contract/tiles.ts), so one expression serves both.
 */
import type { ExpressionSpecification, Map as MapLibreMap } from 'maplibre-gl'
import { NO_VALUE_COLOR, OTHER_COLOR, PLAIN_COLOR, type Theme } from '../../../format/themes'

export const FOCUS_COLORS = { hover: '#f2a541', selected: '#d7263d' } as const

export const SELECTED: ExpressionSpecification = ['boolean', ['feature-state', 'selected'], false]
export const HOVER: ExpressionSpecification = ['boolean', ['feature-state', 'hover'], false]
/** A tile parcel that is one of the search results (GeoJSON features are all results). */
export const MATCHED: ExpressionSpecification = ['boolean', ['feature-state', 'matched'], false]

/** The colour of a result under `theme`: a class colour, "other" for an unknown code, grey for no value. */
export function themeColor(theme: Theme): ExpressionSpecification | string {
  if (theme.kind === 'plain' || theme.prop === null) return PLAIN_COLOR
  const value: ExpressionSpecification = ['to-number', ['get', theme.prop], 0]
  const has: ExpressionSpecification = ['has', theme.prop]
  if (theme.kind === 'categories') {
    const pairs = theme.classes.flatMap((c) => (c.codes ?? []).flatMap((code) => [code, c.color]))
    return ['case', has, ['match', value, ...pairs, OTHER_COLOR] as unknown as ExpressionSpecification, NO_VALUE_COLOR]
  }
  const [first, ...rest] = theme.classes
  const steps = rest.flatMap((c) => [c.min ?? 0, c.color])
  return [
    'case',
    has,
    ['step', value, first?.color ?? PLAIN_COLOR, ...steps] as ExpressionSpecification,
    NO_VALUE_COLOR,
  ]
}

/** Results' outline: the plain theme's teal, else a dark line that reads on every class colour. */
export function resultLineColor(theme: Theme): string {
  return theme.kind === 'plain' ? PLAIN_COLOR : '#3a3a3a'
}

/** A plain result is a light wash over the map; a themed one is opaque enough to read its class. */
export function resultFillOpacity(theme: Theme): number {
  return theme.kind === 'plain' ? 0.22 : 0.6
}

/** Sets paint properties on the layers that exist (a paint change re-colours; nothing is reloaded). */
type PaintName = Parameters<MapLibreMap['setPaintProperty']>[1]
type PaintValue = Parameters<MapLibreMap['setPaintProperty']>[2]

export function setPaint(map: MapLibreMap, layers: readonly (readonly [string, Record<string, unknown>])[]): void {
  for (const [layer, props] of layers) {
    if (!map.getLayer(layer)) continue
    for (const [name, value] of Object.entries(props))
      map.setPaintProperty(layer, name as PaintName, value as PaintValue)
  }
}
