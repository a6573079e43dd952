/** Seconds as a short duration: 12 s, 5 min, 3 h, 2 j/d. */
export function shortAgo(seconds: number, language: 'fr' | 'en' = 'fr'): string {
  if (seconds < 60) return `${seconds} s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)} h`;
  return `${Math.floor(seconds / 86_400)} ${language === 'fr' ? 'j' : 'd'}`;
}
