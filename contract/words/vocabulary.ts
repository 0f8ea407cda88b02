/**
 * The words for the contract's vocabularies: crop / land-cover names (contract/crops.ts), land-use
 * classes (land-use-classes.ts), rotations (rotation.ts), owner types, map themes. Every value a
 * phrase maps to is a catalog value; the words are the common ways people say them.
 */
import { CDL_CATEGORIES } from '../crops'
import { LAND_USE_CLASSES, type LandUseClass } from '../land-use-classes'
import type { RotationId } from '../rotation'
import type { ThemeId } from '../theme-ids'
import { type PhraseTable, phraseTable } from './phrases'

const cdl = (kind: string) => CDL_CATEGORIES.filter((c) => c.kind === kind).map((c) => c.name)
const FORESTS = ['Deciduous Forest', 'Evergreen Forest']
const WETLANDS = ['Woody Wetlands', 'Herbaceous Wetlands']
const HAY = ['Alfalfa', 'Other Hay/Non Alfalfa']
const ORCHARDS = cdl('tree').filter((n) => n !== 'Grapes')
const NUTS = ['Almonds', 'Walnuts', 'Pistachios']
const DEVELOPED = cdl('developed')

/** Crop / land-cover words → `cdl_majority_category` names (one, or a group asked for by one word). */
export const CROPS: PhraseTable<readonly string[]> = phraseTable<readonly string[]>([
  // Each CDL name as written, lower-cased: "winter wheat", "dry beans", "open water"…
  ...CDL_CATEGORIES.map((c) => [c.name.toLowerCase().replace(/[/]/g, ' '), [c.name]] as const),
  ...(
    [
      ['corn', 'Corn'],
      ['maize', 'Corn'],
      ['field corn', 'Corn'],
      ['soybean', 'Soybeans'],
      ['soy', 'Soybeans'],
      ['soy beans', 'Soybeans'],
      ['beans', 'Soybeans'],
      ['soya', 'Soybeans'],
      ['soybeens', 'Soybeans'],
      ['sorghum', 'Sorghum'],
      ['milo', 'Sorghum'],
      ['sunflowers', 'Sunflower'],
      ['wheat', 'Winter Wheat'],
      ['oat', 'Oats'],
      ['pinto beans', 'Dry Beans'],
      ['dry bean', 'Dry Beans'],
      ['tomato', 'Tomatoes'],
      ['tomatos', 'Tomatoes'],
      ['fallow', 'Fallow/Idle Cropland'],
      ['idle cropland', 'Fallow/Idle Cropland'],
      ['cherry', 'Cherries'],
      ['peach', 'Peaches'],
      ['grape', 'Grapes'],
      ['vineyard', 'Grapes'],
      ['vineyards', 'Grapes'],
      ['vines', 'Grapes'],
      ['oranges', 'Citrus'],
      ['almond', 'Almonds'],
      ['almonds', 'Almonds'],
      ['walnut', 'Walnuts'],
      ['pistachio', 'Pistachios'],
      ['pistacios', 'Pistachios'],
      ['alfalfa', 'Alfalfa'],
      ['alfafa', 'Alfalfa'],
      ['pasture', 'Grassland/Pasture'],
      ['pastures', 'Grassland/Pasture'],
      ['pastureland', 'Grassland/Pasture'],
      ['grassland', 'Grassland/Pasture'],
      ['grass', 'Grassland/Pasture'],
      ['rangeland', 'Grassland/Pasture'],
      ['range land', 'Grassland/Pasture'],
      ['grazing land', 'Grassland/Pasture'],
      ['shrubs', 'Shrubland'],
      ['scrub', 'Shrubland'],
      ['brush', 'Shrubland'],
      ['barren land', 'Barren'],
      ['lake', 'Open Water'],
      ['pond', 'Open Water'],
      ['water', 'Open Water'],
    ] as const
  ).map(([w, n]) => [w, [n]] as const),
  ['hay', HAY],
  ['hayfield', HAY],
  ['hay ground', HAY],
  ['forest', FORESTS],
  ['forested', FORESTS],
  ['woods', FORESTS],
  ['wooded', FORESTS],
  ['woodland', FORESTS],
  ['timber', FORESTS],
  ['timberland', FORESTS],
  ['trees', FORESTS],
  ['wetland', WETLANDS],
  ['wetlands', WETLANDS],
  ['marsh', WETLANDS],
  ['swamp', WETLANDS],
  ['orchard', ORCHARDS],
  ['orchards', ORCHARDS],
  ['fruit trees', ORCHARDS],
  ['tree crops', cdl('tree')],
  ['nuts', NUTS],
  ['nut trees', NUTS],
  ['nut orchards', NUTS],
  ['tree nuts', NUTS],
  ['developed', DEVELOPED],
  ['urban', DEVELOPED],
])

/** Land-use words → `land_use_class` ids. */
export const LAND_USES: PhraseTable<LandUseClass> = phraseTable<LandUseClass>([
  ...LAND_USE_CLASSES.map((c) => [c.id, c.id] as const),
  ['farmland', 'agricultural'],
  ['farm land', 'agricultural'],
  ['farm ground', 'agricultural'],
  ['farms', 'agricultural'],
  ['farm', 'agricultural'],
  ['ag', 'agricultural'],
  ['ag land', 'agricultural'],
  ['agriculture', 'agricultural'],
  ['cropland', 'agricultural'],
  ['crop land', 'agricultural'],
  ['ranch', 'agricultural'],
  ['ranches', 'agricultural'],
  ['ranchland', 'agricultural'],
  ['homes', 'residential'],
  ['houses', 'residential'],
  ['house', 'residential'],
  ['home', 'residential'],
  ['homesites', 'residential'],
  ['residences', 'residential'],
  ['retail', 'commercial'],
  ['offices', 'commercial'],
  ['office', 'commercial'],
  ['shops', 'commercial'],
  ['warehouses', 'industrial'],
  ['warehouse', 'industrial'],
  ['factories', 'industrial'],
  ['quarries', 'industrial'],
  ['quarry', 'industrial'],
  ['public', 'institutional'],
  ['unimproved', 'vacant'],
  ['undeveloped', 'vacant'],
  ['empty lots', 'vacant'],
  ['empty lot', 'vacant'],
  ['vacant lots', 'vacant'],
  ['raw land', 'vacant'],
])

/** Rotation words → `rotation` ids; "after" pairs also name the current crop (rotations.ts below). */
export const ROTATION_WORDS: PhraseTable<RotationId> = phraseTable<RotationId>(
  [
    ['corn soybean rotation', 'corn-soybean'],
    ['corn soybean', 'corn-soybean'],
    ['corn soybeans', 'corn-soybean'],
    ['corn soy', 'corn-soybean'],
    ['corn bean', 'corn-soybean'],
    ['corn beans', 'corn-soybean'],
    ['soybean corn', 'corn-soybean'],
    ['soy corn', 'corn-soybean'],
    ['corn and soybean rotation', 'corn-soybean'],
    ['continuous corn', 'continuous-corn'],
    ['corn on corn', 'continuous-corn'],
    ['corn after corn', 'continuous-corn'],
    ['small grain fallow', 'small-grain-fallow'],
    ['wheat fallow', 'small-grain-fallow'],
    ['small grains', 'small-grain-fallow'],
    ['small grain', 'small-grain-fallow'],
    ['perennial', 'perennial'],
    ['perennial crops', 'perennial'],
    ['hay pasture', 'hay-pasture'],
    ['hay and pasture', 'hay-pasture'],
    ['mixed rotation', 'mixed'],
    ['mixed crops', 'mixed'],
    ['left cropland', 'left-cropland'],
    ['went out of production', 'left-cropland'],
    ['taken out of production', 'left-cropland'],
    ['out of production', 'left-cropland'],
  ],
  false,
)

/**
 * Owner-type words → `owner_type` values as Plat's server stores them (server/demo-data/owner-names.ts
 * and the loader's mapping): INDIVIDUAL, TRUST, LLC, CORPORATION, GOVERNMENT, RELIGIOUS.
 */
export const OWNER_KINDS: PhraseTable<readonly string[]> = phraseTable<readonly string[]>(
  [
    ['llc', ['LLC']],
    ['llcs', ['LLC']],
    ['l.l.c', ['LLC']],
    ['l.l.c.', ['LLC']],
    ['limited liability company', ['LLC']],
    ['trust', ['TRUST']],
    ['trusts', ['TRUST']],
    ['family trust', ['TRUST']],
    ['revocable trust', ['TRUST']],
    ['corporation', ['CORPORATION']],
    ['corporations', ['CORPORATION']],
    ['corp', ['CORPORATION']],
    ['inc', ['CORPORATION']],
    ['corporate', ['LLC', 'CORPORATION']],
    ['company', ['LLC', 'CORPORATION']],
    ['companies', ['LLC', 'CORPORATION']],
    ['individual', ['INDIVIDUAL']],
    ['individuals', ['INDIVIDUAL']],
    ['private individual', ['INDIVIDUAL']],
    ['private individuals', ['INDIVIDUAL']],
    ['person', ['INDIVIDUAL']],
    ['government', ['GOVERNMENT']],
    ['governmental', ['GOVERNMENT']],
    ['the government', ['GOVERNMENT']],
    ['public agency', ['GOVERNMENT']],
    ['church', ['RELIGIOUS']],
    ['churches', ['RELIGIOUS']],
    ['religious', ['RELIGIOUS']],
  ],
  false,
)

/** Map theme words → the link's theme ids (contract/theme-ids.ts). */
export const THEMES: PhraseTable<ThemeId> = phraseTable<ThemeId>(
  [
    ['crop', 'crop'],
    ['crops', 'crop'],
    ['crop type', 'crop'],
    ['land cover', 'crop'],
    ['acres', 'acres'],
    ['acreage', 'acres'],
    ['size', 'acres'],
    ['value per acre', 'vpa'],
    ['price per acre', 'vpa'],
    ['sale year', 'sale'],
    ['year sold', 'sale'],
    ['year of sale', 'sale'],
    ['rotation', 'rotation'],
    ['crop rotation', 'rotation'],
    ['land use', 'landuse'],
    ['land use class', 'landuse'],
  ],
  false,
)
