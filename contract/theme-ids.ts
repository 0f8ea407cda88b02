/**
 * The map themes' ids: part of the link format (`t=`), which the app and the server (links written
 * by GET /parse-query) both write, so one list for both. Each theme's colours and legend stay in
 * the app (src/format/themes.ts).
 */
export const THEME_IDS = ['plain', 'crop', 'acres', 'vpa', 'sale', 'rotation', 'landuse'] as const
export type ThemeId = (typeof THEME_IDS)[number]

export function isThemeId(id: string): id is ThemeId {
  return (THEME_IDS as readonly string[]).includes(id)
}
