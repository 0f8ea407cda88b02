/**
 * The opening view: the continental US, so the demo counties (Story IA, Fresno and Stanislaus CA,
 * Finney KS) are all on screen. Pure constants; no MapLibre import, so the store can use them.
 */
export const CONUS_BOUNDS: [[number, number], [number, number]] = [
  [-124.8, 24.4],
  [-66.9, 49.4],
]

export const INITIAL_VIEW: { center: [number, number]; zoom: number } = { center: [-98.6, 39.0], zoom: 3.6 }
