/**
 * The parcel card, loaded as its own chunk once a parcel opens. One lazy component for every place
 * that shows a card (the details pane, a comp's card over comps), so a card shown once never
 * suspends again.
 */
import { lazy } from 'react'

export const ParcelDetails = lazy(() =>
  import('../../features/parcel/parcel-details').then((m) => ({ default: m.ParcelDetails })),
)
