// Staggered fade-in (docs/pages.md, "Shared shell"): up to 5 steps at `stepMs` each, optionally after
// a scroll threshold. The HTML and first client render show everything; after hydration a block below
// the fold is hidden and revealed step by step when it comes into view, and a block already in view
// is never hidden (docs/decisions/0009-fade-ins-never-hide.md). A callback ref, so a block that appears
// later (an island's list, content after a skeleton) is set up when it appears.
import { useCallback, useEffect, useState } from 'react';

export interface RevealOptions {
  steps?: number;
  stepMs: number;
  /** Start only once window.scrollY exceeds this many px (e.g. 100). */
  afterScrollY?: number;
  /** Also step a block already in view, without hiding it (the third value only; event detail's `loaded`). */
  stepInView?: boolean;
}

/** [callback ref for the block, steps shown (visibility), steps run since hydration]. */
export type Reveal<T extends Element> = [(el: T | null) => void, number, number];

export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && !!window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
}

export function useReveal<T extends Element = HTMLDivElement>({ steps = 5, stepMs, afterScrollY, stepInView = false }: RevealOptions): Reveal<T> {
  const [el, setEl] = useState<T | null>(null);
  const ref = useCallback((node: T | null) => setEl(node), []);
  const [shown, setShown] = useState(steps);
  const [stepped, setStepped] = useState(0);
  useEffect(() => {
    if (!el) return;
    const reduced = prefersReducedMotion();
    const below = !reduced && el.getBoundingClientRect().top >= window.innerHeight;
    // A block not hidden starts fully shown, as first rendered.
    if (!below) setShown(steps);
    if (reduced) {
      setStepped(steps);
      return;
    }
    if (!below && !stepInView) return; // already seen: never hide
    setStepped(0);
    const timers: ReturnType<typeof setTimeout>[] = [];
    const run = (hide: boolean) => {
      for (let i = 1; i <= steps; i++)
        timers.push(
          setTimeout(() => {
            if (hide) setShown(i);
            setStepped(i);
          }, stepMs * i),
        );
    };
    if (!below) {
      run(false); // in view: step at once, visible throughout
      return () => timers.forEach(clearTimeout);
    }
    const waitScroll = afterScrollY !== undefined && window.scrollY <= afterScrollY;
    setShown(0);
    let started = false;
    const start = () => {
      if (started) return;
      started = true;
      run(true);
    };
    let io: IntersectionObserver | undefined;
    const onScroll = () => {
      if (window.scrollY > (afterScrollY ?? 0)) start();
    };
    if (waitScroll) window.addEventListener('scroll', onScroll, { passive: true });
    if (typeof IntersectionObserver !== 'undefined') {
      io = new IntersectionObserver((entries) => {
        if (entries.some((e) => e.isIntersecting) && !waitScroll) start();
      });
      io.observe(el);
    } else if (!waitScroll) start();
    return () => {
      timers.forEach(clearTimeout);
      io?.disconnect();
      window.removeEventListener('scroll', onScroll);
    };
  }, [el, steps, stepMs, afterScrollY, stepInView]);
  return [ref, shown, stepped];
}

/** Class for item `i` of a revealed group: visible once `shown` exceeds its step. */
export function revealClass(i: number, shown: number, steps = 5): string {
  return Math.min(i, steps - 1) < shown ? 'reveal reveal-in' : 'reveal reveal-out';
}
