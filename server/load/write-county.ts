/**
 * The county's replacement, in one transaction: delete its old parcels, insert the staged ones
 * (record JSON assembled in SQL from the extra fields' text, the catalog columns and the
 * boundary), update its row in `counties`. Readers see the old county or the new one, never half.
 */
import { CDL_CATEGORIES } from '../../contract/crops'
import { FIELDS } from '../../contract/fields'
import type { CountyRow } from '../db/counties-repo'
import { upsertCounty } from '../db/counties-repo'
import type { Queryable } from '../db/database'
import type { Stage } from './stage-table'

export interface CountyIdentity {
  state_fp: string
  county_fp: string
  state: string
  county: string
}

export interface WriteOptions {
  /** sq_feet comes from the source when the mapping names it; otherwise from the geometry. */
  sqFeetMapped: boolean
  /** Raster values replace mapped ones when a raster was given. */
  dem: boolean
  cdl: boolean
}

/** Category names for raster codes: the ones the contract knows (others keep their code, no name). */
const CDL_CODES = CDL_CATEGORIES.map((c) => c.code)
const CDL_NAMES = CDL_CATEGORIES.map((c) => c.name)

const round = (expr: string, digits: number) => `round((${expr})::numeric, ${digits})::float8`

/** SQL for each catalog column, in catalog order, over the stage row `s` ($1–$4: the county). */
function columnExprs(o: WriteOptions): [string, string][] {
  const attr = (name: string, numeric: boolean) => (numeric ? `(s.attrs->>'${name}')::float8` : `s.attrs->>'${name}'`)
  const special: Record<string, string> = {
    svc_uuid: 's.svc_uuid',
    svc_stack_uuid: 's.stack_uuid',
    state_fp: '$1::text',
    county_fp: '$2::text',
    state: '$3::text',
    county: '$4::text',
    acres_calc: round('s.acres_calc', 4),
    adjacent_acreage_sameowner: round('s.adj_acres', 4),
  }
  if (!o.sqFeetMapped) special.sq_feet = `round(s.acres_calc * 43560)::float8`
  if (o.dem) special.elevation = round('s.elevation', 1)
  if (o.cdl) {
    special.cdl_majority_value = 's.cdl_value'
    special.cdl_majority_percent = round('s.cdl_percent', 1)
    special.cdl_majority_category = `(SELECT c.name FROM unnest($5::int[], $6::text[]) AS c(code, name) WHERE c.code = s.cdl_value)`
  }
  return FIELDS.map((f) => [f.name, special[f.name] ?? attr(f.name, f.group === 'numeric')])
}

export async function writeCounty(
  tx: Queryable,
  stage: Stage,
  county: CountyIdentity,
  source: string,
  o: WriteOptions,
): Promise<CountyRow> {
  const cols = columnExprs(o)
  const names = cols.map(([n]) => n)
  const select = cols.map(([n, e]) => `${e} AS ${n}`).join(',\n  ')
  const built = `json_build_object(${names.map((n) => `'${n}', c.${n}`).join(', ')})::text`
  await tx.query('DELETE FROM parcels WHERE state_fp = $1 AND county_fp = $2', [county.state_fp, county.county_fp])
  await tx.query(
    `INSERT INTO parcels (${names.join(', ')}, record, buildings, address_text, geom)
     SELECT ${names.map((n) => `c.${n}`).join(', ')},
            '{' || CASE WHEN c.extra = '{}' THEN '' ELSE substr(c.extra, 2, length(c.extra) - 2) || ',' END
                || substr(${built}, 2, length(${built}) - 2)
                || ',"geom":' || ST_AsGeoJSON(c.geom, 6) || '}',
            c.buildings, concat_ws(' ', c.situs, c.city, c.state, c.postal), c.geom
     FROM (SELECT ${select}, s.extra, s.buildings, ST_Multi(s.geom) AS geom
           FROM ${stage.table} s WHERE s.rejected IS NULL) c`,
    [county.state_fp, county.county_fp, county.state, county.county, ...(o.cdl ? [CDL_CODES, CDL_NAMES] : [])],
  )
  return upsertCounty(tx, county, source)
}
