/** Square metres in one acre (the international acre, exactly), for every acreage the app and server compute. */
export const SQ_M_PER_ACRE = 4046.8564224
/**
 * The mean Earth radius (IUGG), the sphere @turf/area and @turf/distance measure on: distances the
 * app computes agree with turf's areas, and the demo's lattice measures as the app measures it.
 */
export const EARTH_RADIUS_M = 6_371_008.8
/** Metres in one international mile (exactly). */
export const METRES_PER_MILE = 1609.344
