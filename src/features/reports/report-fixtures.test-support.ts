/** Records and inputs for the report tests: a farm with everything a parcel report shows. */
import type { ParcelRecord } from '../../../contract/schemas'
import type { ParcelReportInput } from './parcel-report'

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
