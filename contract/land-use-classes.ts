/**
 * One land-use vocabulary across counties (issue 23): the small national set `land_use_class` takes,
 * derived at load from each county's own `land_use_code` and `land_use` (contract/land-use-classify.ts).
 *
 * Why these seven and not the LBCS Activity top levels: assessor rolls say how a parcel is taxed
 * (its use and whether it is improved), and land buyers ask "farm, house, shop, plant, public, or
 * empty?" — "vacant" is the question they ask most and LBCS has no such class (its 9000 level mixes
 * "no human activity" with "unclassifiable"). Assessor codes also rarely tell LBCS's institutional,
 * infrastructure, assembly and leisure levels apart. Each class names its nearest LBCS Activity
 * level so data can be exchanged with tools that speak LBCS (docs/loading-data.md "Land-use classes").
 */
export const LAND_USE_CLASSES = [
  { id: 'agricultural', label: 'Agricultural', lbcs: 8000, meaning: 'farms, pasture, orchards, timber' },
  { id: 'residential', label: 'Residential', lbcs: 1000, meaning: 'houses, apartments, condos, mobile homes' },
  { id: 'commercial', label: 'Commercial', lbcs: 2000, meaning: 'shops, offices, hotels, restaurants' },
  { id: 'industrial', label: 'Industrial', lbcs: 3000, meaning: 'plants, warehouses, mines, quarries' },
  {
    id: 'institutional',
    label: 'Institutional / public',
    lbcs: 4000,
    meaning: 'schools, churches, government, parks, exempt',
  },
  { id: 'vacant', label: 'Vacant', lbcs: 9000, meaning: 'unimproved land that is not farmed' },
  { id: 'other', label: 'Other', lbcs: 5000, meaning: 'utilities, rights-of-way, water, recreation, common areas' },
] as const

export type LandUseClass = (typeof LAND_USE_CLASSES)[number]['id']

const IDS: readonly string[] = LAND_USE_CLASSES.map((c) => c.id)

export const isLandUseClass = (v: unknown): v is LandUseClass => typeof v === 'string' && IDS.includes(v)

export function landUseClassLabel(v: unknown): string | null {
  return LAND_USE_CLASSES.find((c) => c.id === v)?.label ?? null
}

/** The class's position in LAND_USE_CLASSES: what tiles carry (`luc`) and the theme colours by. */
export const landUseClassIndex = (v: unknown): number => IDS.indexOf(v as string)
