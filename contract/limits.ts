/** Limits from the spec (query) and our documented choices where it says "not shown" (area, body). */
export const MAX_FILTERS = 10
export const MAX_LIMIT = 100
export const DEFAULT_LIMIT = 20
export const MAX_OFFSET = 10_000

/** Our choices for POST /parcels/area (documented in README). */
export const AREA_MAX_FEATURES = 100
export const AREA_MAX_VERTICES = 100_000
export const AREA_MAX_IDS = 100_000

/** Request bodies above this get 413. 20,000 UUIDs in an `in` filter is about 800 KB. */
export const MAX_BODY_BYTES = 4 * 1024 * 1024

/** The largest `in`/`nin` list we accept (so 20,000-id chunks fit with room to spare). */
export const MAX_IN_VALUES = 50_000

/** GET /parcels/point and /parcels/address. */
export const LOOKUP_DEFAULT_LIMIT = 10
export const LOOKUP_MAX_LIMIT = 100
export const ADDRESS_MAX_LENGTH = 200
