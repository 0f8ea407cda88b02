/**
 * Is a recorded sale an open-market one? Nominal prices ($1, $10 "and other valuable
 * consideration") and deeds used for family, gift or corrective transfers are not: comps and the
 * "sales in these results" summary leave them out alike, by these rules.
 */
import type { ParcelRecord } from '../schemas'
import { saleDateOf } from './comps-plan'

/** Deeds recorded for transfers that are not open-market sales. */
const NON_MARKET_DEED = /QUIT\s?CLAIM|INTERSPOUSAL|AFFIDAVIT|GIFT|FAMILY|CORRECTION/i
/** A recorded consideration below this is nominal. */
const NOMINAL_PRICE = 1000

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null)

/** The deed of the record's last sale, where the record carries the sale history fields. */
export function lastDeed(r: ParcelRecord, saleDate: string): string | null {
  if (
    text(r.deed_type_1) &&
    (r.sale_date_1 === undefined || saleDateOf({ svc_uuid: '', sale_date: r.sale_date_1 }) === saleDate)
  )
    return text(r.deed_type_1)
  return text(r.deed_type)
}

/** Why a sale is not an open-market one, or null when nothing says so. */
export function nonMarketReason(price: number, deed: string | null): string | null {
  if (price < NOMINAL_PRICE) return `non-arm's-length: nominal price $${price.toLocaleString('en-US')}`
  if (deed && NON_MARKET_DEED.test(deed)) return `non-arm's-length: ${deed.toLowerCase()}`
  return null
}
