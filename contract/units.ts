/** Units shared by the client and the server (pure constants). */

/** Square metres in one international acre (exactly 4,046.8564224 m²). */
export const SQ_M_PER_ACRE = 4046.8564224
