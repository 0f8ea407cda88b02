/**
 * The map's scale bar, pure: given the ground a point of paper covers (the map's ground resolution,
 * geo/ground-resolution.ts, over the points per pixel), the round length that fits.
 */
const FEET_PER_METER = 3.280_839_9
const FEET_PER_MILE = 5280

/** 1, 2, 5 × 10^n: the round lengths a scale bar shows. */
function roundDown(x: number): number {
  const p = 10 ** Math.floor(Math.log10(x))
  const m = x / p
  return (m >= 5 ? 5 : m >= 2 ? 2 : 1) * p
}

export interface ScaleBar {
  /** Length of the bar on paper, in points. */
  length: number
  label: string
}

/**
 * The longest round length (feet below a mile, else miles) whose bar fits in `maxLength` points,
 * given how many metres of ground a point of paper covers.
 */
export function scaleBar(metersPerPoint: number, maxLength: number): ScaleBar | null {
  if (!(metersPerPoint > 0) || !(maxLength > 0)) return null
  const maxFeet = maxLength * metersPerPoint * FEET_PER_METER
  if (maxFeet >= FEET_PER_MILE) {
    const miles = roundDown(maxFeet / FEET_PER_MILE)
    return {
      length: (miles * FEET_PER_MILE) / FEET_PER_METER / metersPerPoint,
      label: `${miles.toLocaleString('en-US')} mi`,
    }
  }
  const feet = roundDown(maxFeet)
  return { length: feet / FEET_PER_METER / metersPerPoint, label: `${feet.toLocaleString('en-US')} ft` }
}
