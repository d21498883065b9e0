// Closing an open panel, menu or dropdown on an outside pointer press or Escape (docs/pages.md).
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
