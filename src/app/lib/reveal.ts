// Staggered fade-in (docs/pages.md, "Shared shell", Fade-ins; each page gives
// its timings): up to 5 steps at `stepMs` times the step number, optionally only
// after the reader scrolls past a threshold.
//
// The prerendered HTML and the first client render show every step (content is
// visible without JavaScript and to crawlers; no hydration mismatch). After
// hydration, a block that is still below the fold is hidden and then revealed
// step by step when it comes into view or the scroll threshold is passed. A
// block the reader can already see is never hidden again (docs/decisions/0009-fade-ins-never-hide.md).
//
// The block is followed through a callback ref, not a ref read once: a block
// that is not there on the first render (an island's list that renders only
// once its data arrives after hydration, a page's content after its skeleton)
// is set up when it appears.
import { useCallback, useEffect, useState } from 'react';

export interface RevealOptions {
  steps?: number;
  stepMs: number;
  /** Start only once window.scrollY exceeds this many px (e.g. 100). */
  afterScrollY?: number;
  /**
   * Also run the steps for a block the reader already sees, without hiding
   * it: counted in the hook's third value only (the event detail's staggered
   * `loaded` class). Without it, a block in view does not step.
   */
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
    // A block not hidden starts with every step visible, as its first render
    // showed (one that replaced a block still hidden must not inherit that).
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
