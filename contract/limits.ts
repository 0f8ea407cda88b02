/** Limits from the spec (query) and our documented choices where it says "not shown" (area, body). */
export const MAX_FILTERS = 10
export const MAX_LIMIT = 100
export const DEFAULT_LIMIT = 20
export const MAX_OFFSET = 10_000

/** Our choices for POST /parcels/area (documented in docs/api.md, "API choices"). */
export const AREA_MAX_FEATURES = 100
/** Vertices per request, per feature and per ring (a ring counts its closing position). */
export const AREA_MAX_VERTICES = 100_000
export const AREA_MAX_FEATURE_VERTICES = 50_000
export const AREA_MAX_RING_VERTICES = 20_000
/** Holes per polygon, and polygons per MultiPolygon. */
export const AREA_MAX_HOLES = 1_000
export const AREA_MAX_PARTS = 1_000
export const AREA_MAX_IDS = 100_000

/** Request bodies above this get 413. 20,000 UUIDs in an `in` filter is about 800 KB. */
export const MAX_BODY_BYTES = 4 * 1024 * 1024

/**
 * The longest string a filter value (or one `in`/`nin` element) may be: longer than any real owner,
 * address or legal description, short enough that a substring match stays cheap.
 */
export const FILTER_MAX_STRING = 1_000

/** The largest `in`/`nin` list we accept (so 20,000-id chunks fit with room to spare). */
export const MAX_IN_VALUES = 50_000

/** GET /parcels/point and /parcels/address. */
export const LOOKUP_DEFAULT_LIMIT = 10
export const LOOKUP_MAX_LIMIT = 100
export const ADDRESS_MAX_LENGTH = 200
