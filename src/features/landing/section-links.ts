import type { MouseEvent } from 'react';

export const SECTION_LINKS = [
  { id: 'features', label: 'Features' },
  { id: 'modules', label: 'Modules' },
  { id: 'statistics', label: 'Statistics' },
  { id: 'contact', label: 'Contact' },
] as const;

/**
 * The anchors keep a real href (works without JS, middle-click, copy link) but scroll smoothly on click.
 * Focus follows the scroll so keyboard and screen-reader users land in the section they picked.
 */
export function scrollToSection(event: MouseEvent<HTMLAnchorElement>, id: string): void {
  const target = document.getElementById(id);
  if (!target) return;
  event.preventDefault();
  target.scrollIntoView({ behavior: 'smooth' });
  target.focus({ preventScroll: true });
}
