// Staggered fade-in (docs/pages.md, "Shared shell", Fade-ins; each page gives
// its timings): up to 5 steps at `stepMs` times the step number, optionally only
// after the reader scrolls past a threshold.
//
// The prerendered HTML and the first client render show every step (content is
// visible without JavaScript and to crawlers; no hydration mismatch). After
// hydration, a block that is still below the fold is hidden and then revealed
// step by step when it comes into view or the scroll threshold is passed. A
// block the reader can already see is never hidden again (docs/decisions.md, 9).
import { useEffect, useRef, useState, type RefObject } from 'react';

export interface RevealOptions {
  steps?: number;
  stepMs: number;
  /** Start only once window.scrollY exceeds this many px (e.g. 100). */
  afterScrollY?: number;
}

export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && !!window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
}

export function useReveal<T extends Element = HTMLDivElement>({ steps = 5, stepMs, afterScrollY }: RevealOptions): [RefObject<T | null>, number] {
  const ref = useRef<T | null>(null);
  const [shown, setShown] = useState(steps);
  useEffect(() => {
    const el = ref.current;
    if (!el || prefersReducedMotion()) return;
    const below = el.getBoundingClientRect().top >= window.innerHeight;
    const waitScroll = afterScrollY !== undefined && window.scrollY <= afterScrollY;
    if (!below) return; // already seen: never hide
    setShown(0);
    const timers: ReturnType<typeof setTimeout>[] = [];
    let started = false;
    const start = () => {
      if (started) return;
      started = true;
      for (let i = 1; i <= steps; i++) timers.push(setTimeout(() => setShown(i), stepMs * i));
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
  }, [steps, stepMs, afterScrollY]);
  return [ref, shown];
}

/** Class for item `i` of a revealed group: visible once `shown` exceeds its step. */
export function revealClass(i: number, shown: number, steps = 5): string {
  return Math.min(i, steps - 1) < shown ? 'reveal reveal-in' : 'reveal reveal-out';
}
