import type { LiveViewer } from '../../app/live-changes';

/** Distinct on white and under white initials; a user keeps one colour (by their id) on every screen. */
const PALETTE = ['#1565c0', '#c62828', '#2e7d32', '#6a1b9a', '#ef6c00', '#00838f', '#ad1457', '#4e342e'];

export function presenceColour(sub: string): string {
  let hash = 0;
  for (const char of sub) hash = (hash * 31 + char.charCodeAt(0)) | 0;
  return PALETTE[Math.abs(hash) % PALETTE.length]!;
}

/** "Erin Engineer" -> "EE", "vic" -> "V", "" -> "?". */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const letters = words.length === 1 ? words[0]!.slice(0, 1) : words[0]!.slice(0, 1) + words.at(-1)!.slice(0, 1);
  return letters.toUpperCase();
}

/** What the status cell of a row others are on shows (entity-grid.css .tb-status-presence): edge and initials. */
export function presenceCellStyle(viewers: readonly LiveViewer[] | undefined): Record<string, string> | undefined {
  const first = viewers?.[0];
  if (!first) return undefined;
  const initials = [...new Set(viewers.map((v) => initialsOf(v.name)))].join(' ');
  return { '--tb-presence-colour': presenceColour(first.sub), '--tb-presence-initials': JSON.stringify(initials) };
}

/** The status tooltip's line: "Erin Engineer is on this row". */
export function presenceText(viewers: readonly LiveViewer[] | undefined): string | undefined {
  if (!viewers?.length) return undefined;
  const names = [...new Set(viewers.map((v) => v.name))];
  return `${names.join(', ')} ${names.length === 1 ? 'is' : 'are'} on this row`;
}
