/** Today where the user is, YYYY-MM-DD (toISOString gives the UTC date: tomorrow, some evenings in the Americas). */
export function localToday(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}
