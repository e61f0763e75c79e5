import { useCallback, useState } from 'react';

export type LayoutMode = 'wide' | 'mid' | 'mobile';

type FoldChoice = { mode: LayoutMode; folded: boolean };

/**
 * Spec §9: >= 1200 px full sidebar, 992-1199 px folded to an icon rail, <= 991 px hidden behind a drawer.
 * The navbar toggle overrides the fold for the current width only: the user's choice is stored with the
 * mode it was made in, so crossing a breakpoint falls back to that width's default without an effect.
 */
export function useSidebarState(mode: LayoutMode) {
  const [choice, setChoice] = useState<FoldChoice | null>(null);
  const [mobileChoice, setMobileChoice] = useState<{ open: boolean } | null>(null);

  const folded = choice?.mode === mode ? choice.folded : mode === 'mid';
  const mobileOpen = mode === 'mobile' && (mobileChoice?.open ?? false);

  const toggle = useCallback(() => {
    if (mode === 'mobile') setMobileChoice((current) => ({ open: !(current?.open ?? false) }));
    else setChoice({ mode, folded: !folded });
  }, [mode, folded]);

  const closeMobile = useCallback(() => setMobileChoice({ open: false }), []);

  return { folded, mobileOpen, expanded: mode === 'mobile' ? mobileOpen : !folded, toggle, closeMobile };
}
