/**
 * USDA Cropland Data Layer categories (code → name, as published in the CDL legend) that occur in
 * the demo regions. Used by the demo generator and by the crop-type picker; a real server may send
 * any CDL name, so the client treats this as suggestions, not a closed set.
 */
export interface CdlCategory {
  readonly code: number
  readonly name: string
  readonly kind: 'crop' | 'tree' | 'hay' | 'developed' | 'natural' | 'water' | 'idle'
}

export const CDL_CATEGORIES: readonly CdlCategory[] = [
  { code: 1, name: 'Corn', kind: 'crop' },
  { code: 2, name: 'Cotton', kind: 'crop' },
  { code: 3, name: 'Rice', kind: 'crop' },
  { code: 4, name: 'Sorghum', kind: 'crop' },
  { code: 5, name: 'Soybeans', kind: 'crop' },
  { code: 6, name: 'Sunflower', kind: 'crop' },
  { code: 21, name: 'Barley', kind: 'crop' },
  { code: 24, name: 'Winter Wheat', kind: 'crop' },
  { code: 26, name: 'Dbl Crop WinWht/Soybeans', kind: 'crop' },
  { code: 28, name: 'Oats', kind: 'crop' },
  { code: 36, name: 'Alfalfa', kind: 'hay' },
  { code: 37, name: 'Other Hay/Non Alfalfa', kind: 'hay' },
  { code: 42, name: 'Dry Beans', kind: 'crop' },
  { code: 54, name: 'Tomatoes', kind: 'crop' },
  { code: 61, name: 'Fallow/Idle Cropland', kind: 'idle' },
  { code: 66, name: 'Cherries', kind: 'tree' },
  { code: 67, name: 'Peaches', kind: 'tree' },
  { code: 69, name: 'Grapes', kind: 'tree' },
  { code: 72, name: 'Citrus', kind: 'tree' },
  { code: 75, name: 'Almonds', kind: 'tree' },
  { code: 76, name: 'Walnuts', kind: 'tree' },
  { code: 204, name: 'Pistachios', kind: 'tree' },
  { code: 111, name: 'Open Water', kind: 'water' },
  { code: 121, name: 'Developed/Open Space', kind: 'developed' },
  { code: 122, name: 'Developed/Low Intensity', kind: 'developed' },
  { code: 123, name: 'Developed/Med Intensity', kind: 'developed' },
  { code: 124, name: 'Developed/High Intensity', kind: 'developed' },
  { code: 131, name: 'Barren', kind: 'natural' },
  { code: 141, name: 'Deciduous Forest', kind: 'natural' },
  { code: 142, name: 'Evergreen Forest', kind: 'natural' },
  { code: 152, name: 'Shrubland', kind: 'natural' },
  { code: 176, name: 'Grassland/Pasture', kind: 'natural' },
  { code: 190, name: 'Woody Wetlands', kind: 'natural' },
  { code: 195, name: 'Herbaceous Wetlands', kind: 'natural' },
]

export const CDL_BY_NAME: ReadonlyMap<string, CdlCategory> = new Map(CDL_CATEGORIES.map((c) => [c.name, c]))
export const CDL_BY_CODE: ReadonlyMap<number, CdlCategory> = new Map(CDL_CATEGORIES.map((c) => [c.code, c]))
