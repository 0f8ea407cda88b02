/**
 * Towns of the demo counties at their real positions (rounded), with ZIP codes. `weight` sets how
 * many town lots a town gets relative to the others in its county (a damped population: Ames does
 * not swallow Story County). The first town of each list is the county seat, where filling starts.
 */
export interface Town {
  readonly name: string
  readonly lon: number
  readonly lat: number
  readonly weight: number
  readonly zip: string
  /** The east–west street through the town centre; other streets are numbered or named from it. */
  readonly main: string
}

export const TOWNS_BY_COUNTY: Readonly<Record<string, readonly Town[]>> = {
  '19169': [
    { name: 'NEVADA', lon: -93.452, lat: 42.023, weight: 8, zip: '50201', main: 'LINCOLN HWY' },
    { name: 'AMES', lon: -93.62, lat: 42.027, weight: 30, zip: '50010', main: 'LINCOLN WAY' },
    { name: 'STORY CITY', lon: -93.596, lat: 42.187, weight: 5, zip: '50248', main: 'BROAD ST' },
    { name: 'HUXLEY', lon: -93.601, lat: 41.895, weight: 5, zip: '50124', main: 'MAIN ST' },
    { name: 'ROLAND', lon: -93.501, lat: 42.166, weight: 3, zip: '50236', main: 'MAIN ST' },
    { name: 'SLATER', lon: -93.687, lat: 41.88, weight: 3, zip: '50244', main: 'MAIN ST' },
    { name: 'GILBERT', lon: -93.65, lat: 42.107, weight: 3, zip: '50105', main: 'MAIN ST' },
    { name: 'MAXWELL', lon: -93.397, lat: 41.892, weight: 2, zip: '50161', main: 'MAIN ST' },
    { name: 'CAMBRIDGE', lon: -93.53, lat: 41.899, weight: 2, zip: '50046', main: 'WATER ST' },
    { name: 'COLO', lon: -93.317, lat: 42.016, weight: 2, zip: '50056', main: 'MAIN ST' },
    { name: 'ZEARING', lon: -93.298, lat: 42.16, weight: 1.5, zip: '50278', main: 'MAIN ST' },
    { name: 'COLLINS', lon: -93.305, lat: 41.902, weight: 1.5, zip: '50055', main: 'MAIN ST' },
    { name: 'KELLEY', lon: -93.664, lat: 41.95, weight: 1, zip: '50134', main: 'MAIN ST' },
    { name: 'MCCALLSBURG', lon: -93.385, lat: 42.165, weight: 1, zip: '50154', main: 'MAIN ST' },
  ],
  '06019': [
    { name: 'FRESNO', lon: -119.787, lat: 36.738, weight: 40, zip: '93721', main: 'TULARE ST' },
    { name: 'CLOVIS', lon: -119.703, lat: 36.825, weight: 14, zip: '93612', main: 'CLOVIS AVE' },
    { name: 'SANGER', lon: -119.556, lat: 36.708, weight: 6, zip: '93657', main: 'ACADEMY AVE' },
    { name: 'SELMA', lon: -119.612, lat: 36.571, weight: 6, zip: '93662', main: 'WHITSON ST' },
    { name: 'REEDLEY', lon: -119.45, lat: 36.596, weight: 6, zip: '93654', main: 'G ST' },
    { name: 'KERMAN', lon: -120.06, lat: 36.723, weight: 4, zip: '93630', main: 'WHITESBRIDGE AVE' },
    { name: 'KINGSBURG', lon: -119.554, lat: 36.514, weight: 4, zip: '93631', main: 'DRAPER ST' },
    { name: 'FOWLER', lon: -119.678, lat: 36.631, weight: 3, zip: '93625', main: 'MERCED ST' },
    { name: 'PARLIER', lon: -119.527, lat: 36.612, weight: 3, zip: '93648', main: 'MANNING AVE' },
    { name: 'MENDOTA', lon: -120.381, lat: 36.754, weight: 3, zip: '93640', main: 'OLIVER ST' },
    { name: 'CARUTHERS', lon: -119.833, lat: 36.542, weight: 2, zip: '93609', main: 'TAHOE AVE' },
    { name: 'FIREBAUGH', lon: -120.456, lat: 36.859, weight: 2, zip: '93622', main: 'O ST' },
    { name: 'ORANGE COVE', lon: -119.314, lat: 36.624, weight: 2, zip: '93646', main: 'PARK BLVD' },
    { name: 'RIVERDALE', lon: -119.86, lat: 36.431, weight: 1.5, zip: '93656', main: 'MT WHITNEY AVE' },
    { name: 'LATON', lon: -119.686, lat: 36.433, weight: 1, zip: '93242', main: 'LATON AVE' },
    { name: 'SAN JOAQUIN', lon: -120.189, lat: 36.607, weight: 1, zip: '93660', main: 'MAIN ST' },
    { name: 'HURON', lon: -120.103, lat: 36.203, weight: 1.5, zip: '93234', main: 'LASSEN AVE' },
    { name: 'COALINGA', lon: -120.36, lat: 36.14, weight: 3, zip: '93210', main: 'ELM AVE' },
  ],
  '06099': [
    { name: 'MODESTO', lon: -120.997, lat: 37.639, weight: 35, zip: '95354', main: 'J ST' },
    { name: 'TURLOCK', lon: -120.847, lat: 37.495, weight: 12, zip: '95380', main: 'MAIN ST' },
    { name: 'CERES', lon: -120.957, lat: 37.595, weight: 8, zip: '95307', main: 'FOURTH ST' },
    { name: 'RIVERBANK', lon: -120.935, lat: 37.736, weight: 5, zip: '95367', main: 'PATTERSON RD' },
    { name: 'OAKDALE', lon: -120.847, lat: 37.767, weight: 5, zip: '95361', main: 'F ST' },
    { name: 'PATTERSON', lon: -121.13, lat: 37.472, weight: 5, zip: '95363', main: 'LAS PALMAS AVE' },
    { name: 'NEWMAN', lon: -121.021, lat: 37.314, weight: 3, zip: '95360', main: 'MAIN ST' },
    { name: 'HUGHSON', lon: -120.866, lat: 37.597, weight: 2.5, zip: '95326', main: 'HUGHSON AVE' },
    { name: 'WATERFORD', lon: -120.76, lat: 37.641, weight: 2.5, zip: '95386', main: 'YOSEMITE BLVD' },
    { name: 'SALIDA', lon: -121.085, lat: 37.706, weight: 3, zip: '95368', main: 'BROADWAY' },
    { name: 'DENAIR', lon: -120.797, lat: 37.526, weight: 1.5, zip: '95316', main: 'MAIN ST' },
    { name: 'KEYES', lon: -120.916, lat: 37.556, weight: 1.5, zip: '95328', main: 'KEYES RD' },
    { name: 'EMPIRE', lon: -120.903, lat: 37.638, weight: 1.5, zip: '95319', main: 'YOSEMITE BLVD' },
  ],
  '20055': [
    { name: 'GARDEN CITY', lon: -100.873, lat: 37.971, weight: 20, zip: '67846', main: 'KANSAS AVE' },
    { name: 'HOLCOMB', lon: -100.989, lat: 37.986, weight: 3, zip: '67851', main: 'MAIN ST' },
    { name: 'PIERCEVILLE', lon: -100.671, lat: 37.879, weight: 1, zip: '67868', main: 'MAIN ST' },
    { name: 'KALVESTA', lon: -100.302, lat: 38.063, weight: 1, zip: '67856', main: 'MAIN ST' },
  ],
}
