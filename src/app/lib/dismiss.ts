// Closing an open panel, menu or dropdown the way the pages ask (a click
// outside closes it: docs/pages.md, "Shared shell" and "Tag page") plus Escape for
// keyboard users. One hook for the header panels, the tag menu and the More
// dropdowns. Pointer events cover mouse, touch and pen alike.
import { useEffect, type RefObject } from 'react';

export function useDismiss(ref: RefObject<Element | null>, open: boolean, close: (via: 'outside' | 'escape') => void): void {
  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node)) close('outside');
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') close('escape');
    };
    document.addEventListener('pointerdown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onDown);
      document.removeEventListener('keydown', onKey);
    };
    // `close` is a fresh closure each render; the listeners only need the latest while open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, ref]);
}
