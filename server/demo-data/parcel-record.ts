/**
 * One demo site as the county would publish it: the raw rows the load path stages, so demo data goes
 * through the same derive and write steps as a real county file.
 */
import { historyJson } from '../load/derive/cdl-history'
import type { StagedRow } from '../load/rows/staged-row'
import { formatAddress } from './addresses'
import { buildingRow } from './buildings'
import { type CountyBuild, improvementAt } from './county-build'
import { demoCropHistory } from './crop-history'
import { extraFields } from './extra-fields'
import { UNITS_PER_MILE } from './frame'
import { landUseOf } from './land-use'
import { additionName, aliquot, blockNumber, parcelNumber } from './legal'
import { formatMailing, type Mailing, mailingFor } from './mailing'
import { fbm } from './noise'
import { ownerOf } from './owner-of'
import { parcelGeometry } from './parcel-geometry'
import { hashUnit, Rng } from './prng'
import { drawTenure, saleHistory, saleTerms } from './sales'
import { siteAddress, siteFacts } from './site-facts'
import { Kind } from './site-table'
import { assess } from './values'

const HOMESTEAD: Record<string, number> = { IA: 4850, CA: 7000, KS: 20000 }

/**
 * The source records of one site: one, or one per stacked condo unit (all on the same footprint).
 * What the county would publish: ids, areas, stacks and same-owner acreage are the load path's to
 * derive, as for real data. `feature` numbers the first record in the county.
 */
export function makeParcels(b: CountyBuild, site: number, feature: number): StagedRow[] {
  const f = siteFacts(b, site)
  const { county: c, profile } = b
  const fips = profile.fips
  const mult = b.sites.mult[site]!
  const stacked = mult > 1
  const geom = parcelGeometry(b, site)
  const situs = f.address ? formatAddress(f.address) : null
  const lot = f.inTown ? b.sites.lot[site]! : 0
  const block = f.inTown ? blockNumber(f.rect[0], f.rect[1]) : null
  const subdivision = f.inTown ? additionName(f.town.name, b.sites.group[site]!) : null
  const siteRng = new Rng(b.key, 5, site)
  const yearBuilt =
    f.improvement === 'none'
      ? null
      : f.inTown
        ? 2023 - Math.floor(125 * siteRng.next() ** 1.4)
        : 2020 - Math.floor(110 * siteRng.next() ** 1.2)
  const csr2 =
    profile.region === 'iowa' && !f.inTown
      ? Math.round(
          Math.min(100, Math.max(5, 30 + 65 * fbm(b.key ^ 0xc5, f.x, f.y, 1.1) - (f.streamMiles < 0.3 ? 20 : 0))),
        )
      : null
  const landUse = landUseOf(fips, f.kind, f.improvement, f.crop.name, f.civic, f.acres, hashUnit(b.key, site, 0x1a))
  // One history per site (stacked units share their land); the loader derives the rotation from it.
  const history = historyJson(
    demoCropHistory({
      region: profile.region,
      code: f.crop.code,
      percent: f.crop.percent,
      irrigated: f.crop.irrigated,
      rural: f.kind === Kind.RURAL,
      u: (salt) => hashUnit(b.key, site, 0x25_00 + salt),
    }),
  )
  const levy = profile.taxRate * (0.9 + 0.2 * hashUnit(b.key, 0x7a, f.townIndex, f.inTown ? 1 : 0))

  return Array.from({ length: mult }, (_, unit) => {
    const { id: ownerId, key: ownerKey, name: owner, mailing: ownMailing } = ownerOf(b, site, unit)
    // A multi-county owner (owner-roster.ts) gets its bills at its one address, never on the farm.
    const person = !ownMailing && (owner.type === 'INDIVIDUAL' || owner.type === 'TRUST')
    const home = f.kind === Kind.CONDO ? (hashUnit(ownerKey, 5) < 0.6 ? site : -1) : (b.ownerHome[ownerId] ?? -1)
    // Living on a parcel needs an address there; a farmstead whose buildings did not fit has none.
    const occupied = person && home >= 0 && (home !== site || situs !== null)
    const unitText = stacked ? ` UNIT ${unit + 1}` : ''
    let mailing: Mailing
    if (ownMailing) mailing = ownMailing
    else if (occupied && home === site && situs !== null)
      mailing = { line1: situs + unitText, city: f.town.name, state: c.state, zip: f.town.zip }
    else if (occupied && home !== site) {
      const there = siteAddress(b, home, improvementAt(b, home))
      mailing = there.address
        ? { line1: formatAddress(there.address), city: there.town.name, state: c.state, zip: there.town.zip }
        : mailingFor(ownerKey, owner.type, c.state, b.towns)
    } else mailing = mailingFor(ownerKey, owner.type, c.state, b.towns)
    const ownerOccupied = occupied && home === site

    const rng = new Rng(b.key, 3, site, unit)
    const tenure = drawTenure(rng, !f.inTown)
    const values = assess({
      fips,
      region: profile.region,
      kind: f.kind,
      acres: f.acres,
      crop: f.crop.name,
      irrigated: f.crop.irrigated,
      improvement: f.improvement,
      footprints: f.footprints,
      yearBuilt,
      location: fbm(b.key ^ 0x10c, f.x, f.y, 4),
      csr2,
      units: mult,
      yearsHeld: tenure,
    })
    const exempt = owner.type === 'GOVERNMENT' || owner.type === 'RELIGIOUS'
    const exemption = ownerOccupied && !exempt ? (HOMESTEAD[c.state] ?? 0) : 0
    const taxable = exempt ? 0 : Math.max(0, values.total - exemption)
    const sales = saleHistory(rng, tenure, values.market, c.state, saleTerms(b.key, site, unit))
    const rural = f.kind === Kind.RURAL
    const nominal = ((f.rect[2] - f.rect[0]) * (f.rect[3] - f.rect[1]) * 640) / UNITS_PER_MILE ** 2
    const r = rng.next()
    // Counties report deeded acres: nominal PLSS acres, less road right-of-way on some, whole acres on others.
    const reported = rural
      ? r < 0.3
        ? nominal - rng.range(0.2, 2.5)
        : r < 0.4
          ? Math.round(nominal)
          : nominal
      : stacked
        ? f.acres / mult
        : f.acres * (1 + 0.025 * rng.normal())
    const legal = rural
      ? `${aliquot(...f.rect)} SEC ${f.plss.section} T${f.plss.township} R${f.plss.range}`
      : `${stacked ? `UNIT ${unit + 1} ` : ''}${f.kind === Kind.CIVIC ? '' : `LOT ${lot} `}BLK ${block} ${subdivision}`
    const postal = f.town.zip
    const address = situs ? situs + unitText : null
    const city = f.address ? f.town.name : null
    return {
      feature: feature + unit,
      layer: null,
      attrs: {
        owner: owner.name,
        parcel_id: parcelNumber(fips, f.plss, f.quarter, b.apnSeq[site]!, stacked ? unit : null),
        situs: address,
        mail_addr: formatMailing(mailing),
        city: f.town.name,
        land_use: landUse.landUse,
        land_use_code: landUse.code,
        legal,
        cdl_majority_category: f.crop.name,
        acres: Math.max(0.01, Math.round(reported * 100) / 100),
        parcel_value: values.total,
        land_value: values.land,
        improvements_value: values.improvements,
        agricultural_value: values.agricultural,
        building_value: values.building,
        sale_price: sales[0]?.price ?? null,
        tax_amount: Math.round(taxable * levy * 100) / 100,
        elevation: f.elevation,
        cdl_majority_value: f.crop.code,
        cdl_majority_percent: f.crop.percent,
        postal,
        zoning: landUse.zoning,
        owner_type: owner.type,
        sale_date: sales[0]?.date ?? null,
      },
      geom,
      extra: {
        ...extraFields({
          fips,
          state: c.state,
          county: c.county.toUpperCase(),
          key: b.key,
          f,
          owner,
          mailing,
          ownerOccupied,
          exemption,
          taxable,
          taxRate: levy,
          values,
          sales,
          yearBuilt,
          csr2,
          landUse,
          unit: stacked ? unit : null,
          units: mult,
          legalLot: f.inTown && f.kind !== Kind.CIVIC ? lot : null,
          legalBlock: block,
          subdivision,
          neighborhood: `${f.town.name.slice(0, 3)}-${f.inTown ? 'T' : 'R'}${String(b.sites.group[site]! % 1000).padStart(3, '0')}`,
          rng,
        }),
        cdl_history: history,
      },
      buildings: f.footprints.map((fp) => buildingRow(fp, b.frame, address, city, c.state, postal)),
    }
  })
}
