/** The parcel's report section: its card's facts and sales, and a map of it among its neighbours. */
import type { ParcelRecord } from '../../../contract/schemas'
import { PARCEL_MAP_ID, parcelReport } from '../reports/parcel-report'
import { boundsOf, dataSource, geometryOf, printed, type ReportKit } from '../reports/report-kit'
import { propertyCard } from './property-card'

export function reportParcel(kit: ReportKit, record: ParcelRecord): void {
  const card = propertyCard(record)
  const fact = (name: string) => card.facts.find((f) => f.name === name)?.value ?? '–'
  const doc = parcelReport({
    record,
    valuePerAcre: fact('value_per_acre'),
    crop: fact('crop'),
    lastSale: fact('last_sale'),
    sales: card.sales,
    link: kit.parcelLink(record),
    county: dataSource([record], kit.counties()),
    printed: printed(kit.now()),
    server: kit.server(),
  })
  const subject = geometryOf(record)
  const frame = boundsOf(subject)
  kit.desk.open(
    doc,
    frame
      ? [
          {
            id: PARCEL_MAP_ID,
            content: { subject, neighbours: true },
            frame,
            padding: 0.22,
            maxZoom: 18,
            theme: 'plain',
            basemap: kit.basemap(),
          },
        ]
      : [],
  )
}
