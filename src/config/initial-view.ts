/**
 * The opening view: the continental US, so the demo counties (Story IA, Fresno and Stanislaus CA,
 * Finney KS) are all on screen. Pure constants; no MapLibre import, so the store can use them.
 */
export const CONUS_BOUNDS: [[number, number], [number, number]] = [
  [-124.8, 24.4],
  [-66.9, 49.4],
]

export const INITIAL_VIEW: { center: [number, number]; zoom: number } = { center: [-98.6, 39.0], zoom: 3.6 }

/** Where the demo data lives; handy for "go to demo area" buttons and tests. */
export const DEMO_PLACES: readonly { name: string; center: [number, number]; zoom: number }[] = [
  { name: 'Story County, IA', center: [-93.46, 42.04], zoom: 10 },
  { name: 'Fresno County, CA', center: [-119.65, 36.76], zoom: 9 },
  { name: 'Stanislaus County, CA', center: [-120.99, 37.56], zoom: 9 },
  { name: 'Finney County, KS', center: [-100.74, 38.04], zoom: 9 },
]
