/** Morning before 12:00, Afternoon before 17:00, else Evening. */
export function greeting(hour: number): 'Morning' | 'Afternoon' | 'Evening' {
  if (hour < 12) return 'Morning';
  if (hour < 17) return 'Afternoon';
  return 'Evening';
}
