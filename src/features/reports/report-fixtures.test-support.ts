/** Records and inputs for the report tests: a farm with everything a parcel report shows, an owner's holdings. */
import type { ParcelRecord } from '../../../contract/schemas'
import type { HoldingReportInput, HoldingReportParcel } from './holding-report'
import type { ParcelReportInput } from './parcel-report'
// Every test that lays a report out needs the font's metrics; they come from disk here.
import './report-fonts.test-support'

const FARM: ParcelRecord = {
  svc_uuid: '2f1c0e4a-4b1d-4c3e-9a8b-0123456789ab',
  owner: 'JOHNSON FAMILY FARMS LLC',
  mail_addr: '1234 COUNTY ROAD E18, AMES IA 50010',
  parcel_id: '0912345678',
  situs: '2345 280TH ST',
  city: 'AMES',
  county: 'Story',
  state: 'IA',
  acres: 79.43,
  land_use: 'AGRICULTURAL - CROPLAND',
  zoning: 'A-1',
  cdl_majority_category: 'Corn',
  csr2: 84.2,
  flood_zone: 'X',
  parcel_value: 812000,
  land_value: 790000,
  improvements_value: 22000,
  tax_amount: 9123.45,
  tax_year: 2025,
  assessment_year: 2025,
  sale_price: 950000,
  sale_date: '2021-03-04',
  cdl_history: {
    '2021': { code: 1, name: 'Corn' },
    '2022': { code: 5, name: 'Soybeans' },
    '2023': { code: 1, name: 'Corn' },
  },
  buildings: [{ occupancy: 'Barn', sq_feet: 2400, height: 8 }],
  geom: {
    type: 'Polygon',
    coordinates: [
      [
        [-93.6, 42.0],
        [-93.59, 42.0],
        [-93.59, 42.01],
        [-93.6, 42.01],
        [-93.6, 42.0],
      ],
    ],
  },
}

export function parcelInput(record: ParcelRecord = FARM): ParcelReportInput {
  return {
    record,
    valuePerAcre: '$10,223',
    crop: 'Corn (92%)',
    lastSale: '$950,000 · 2021-03-04',
    sales: [
      { date: '2021-03-04', price: '$950,000', deed: 'WARRANTY' },
      { date: '2009-01-02', price: '$400,000', deed: 'WARRANTY' },
    ],
    link: `https://plat.example/?p=${record.svc_uuid}&c=-93.595,42.005,17&v=1`,
    county: { name: 'Story County, IA', loadedAt: '2026-11-20' },
    printed: 'Printed Nov 26, 2026',
    server: 'Plat API at plat.example',
  }
}

/** `n` small parcels with owners and acres, for long tables. */
export function manyParcels(n: number): ParcelRecord[] {
  return Array.from({ length: n }, (_, i) => ({
    svc_uuid: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    owner: `OWNER ${i + 1}`,
    parcel_id: `P-${i + 1}`,
    acres: 10 + (i % 50),
    parcel_value: 50000 + i,
    cdl_majority_category: i % 3 === 0 ? 'Soybeans' : 'Corn',
    state: 'IA',
  }))
}

/**
 * MILLER FARMS LLC with two spellings included, one left out: H1 in Story County, IA (three
 * parcels, two of them stacked on one footprint), H2 in Finney County, KS, and a parcel without an
 * outline (in no holding).
 */
export function holdingInput(): HoldingReportInput {
  const p = (over: Partial<HoldingReportParcel>): HoldingReportParcel => ({
    holding: 'H1',
    parcelId: null,
    owner: 'MILLER FARMS LLC',
    county: 'Story',
    state: 'IA',
    acres: 40,
    value: 100_000,
    landUse: 'AGRICULTURAL - CROPLAND',
    footprint: 'x',
    ...over,
  })
  return {
    owner: 'MILLER FARMS LLC',
    names: [
      { name: 'MILLER FARMS LLC', kind: 'owner', reasons: [], parcels: 3 },
      { name: 'MILLER FARMS, L.L.C.', kind: 'variant', reasons: ['punctuation'], parcels: 2 },
    ],
    leftOut: [{ name: 'MILLER FARM LLC', kind: 'variant', reasons: ['singular'], parcels: 4 }],
    holdings: [
      {
        id: 'H1',
        parcelCount: 3,
        acres: 120.5,
        acreTotals: {
          measured: { acres: 120.5, counted: 2, missing: 0 },
          recorded: { acres: 118, counted: 1, missing: 1 },
        },
        outlineAcres: 120.31,
        counties: ['Story, IA'],
        assessedValue: 300_000,
        valuedParcels: 3,
        landUse: 'AGRICULTURAL - CROPLAND',
        crop: 'Corn 64 %',
      },
      {
        id: 'H2',
        parcelCount: 1,
        acres: 80.25,
        acreTotals: {
          measured: { acres: 80.25, counted: 1, missing: 0 },
          recorded: { acres: 80, counted: 1, missing: 0 },
        },
        outlineAcres: 80.2,
        counties: ['Finney, KS'],
        assessedValue: 0,
        valuedParcels: 0,
        landUse: null,
        crop: null,
      },
    ],
    parcels: [
      p({ parcelId: '09-01-100-001', acres: 80.5, footprint: 'a' }),
      p({ parcelId: '09-01-100-002', acres: 40, footprint: 'b', owner: 'MILLER FARMS, L.L.C.' }),
      p({ parcelId: '09-01-100-003', acres: 40, footprint: 'b', owner: 'MILLER FARMS, L.L.C.' }),
      p({
        holding: 'H2',
        parcelId: '055-12',
        county: 'Finney',
        state: 'KS',
        acres: 80.25,
        value: null,
        footprint: 'c',
      }),
      p({ holding: null, parcelId: '09-02-999-001', acres: 2, footprint: 'd' }),
    ],
    link: 'https://plat.example/?m=d&f=owner:in:sMILLER%20FARMS%20LLC&s=1&v=1',
    printed: 'Printed Nov 26, 2026',
    server: 'Plat API at plat.example',
    county: { name: '2 counties (Story, Finney)', loadedAt: '2026-11-20' },
  }
}
