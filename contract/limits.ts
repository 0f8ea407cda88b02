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

/** The largest `in`/`nin` list of `svc_uuid`s we accept (so 20,000-id chunks fit with room to spare). */
export const MAX_IN_VALUES = 50_000

/**
 * The largest `in`/`nin` list on any other field (issue 39 §1). PostgreSQL plans `= ANY` by estimating
 * each element against the column's statistics, so a 50,000-value `owner nin` or `sale_date in` spent
 * 1-2.5 s per statement on the embedded database, where a running statement holds up every other
 * request. The app's longest such list is a batch lookup's 5,000 parcel numbers.
 */
export const MAX_IN_VALUES_NON_ID = 5_000

/** GET /parcels/point and /parcels/address. */
export const LOOKUP_DEFAULT_LIMIT = 10
export const LOOKUP_MAX_LIMIT = 100
export const ADDRESS_MAX_LENGTH = 200
