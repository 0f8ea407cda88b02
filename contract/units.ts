/** Square metres in one acre (the international acre, exactly), for every acreage the app and server compute. */
export const SQ_M_PER_ACRE = 4046.8564224
