// An accessible, looping carousel (docs/pages.md, "Home": Guest Author, autoplay 3000 ms). Slides per
// view is CSS (carousel.css sets --spv per media query), so the render never reads the viewport; the
// script reads --spv only when it moves. Autoplay starts after hydration, pauses on hover and focus,
// never with reduced motion. Pointer swipes and arrow keys.
import { Children, useCallback, useEffect, useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import { prefersReducedMotion } from '../../lib/reveal.ts';

export const AUTOPLAY_MS = 3000;
/** Breakpoints -> slides per view; mirrored in carousel.css. */
export const SLIDES_PER_VIEW: readonly [minWidth: number, perView: number][] = [
  [0, 1],
  [640, 2],
  [768, 2],
  [1024, 3],
  [1199, 4],
];
const SWIPE_PX = 40;

/** Last index a view of `perView` slides may start at, so the view is never part-empty. */
export const lastStart = (count: number, perView: number) => Math.max(0, count - perView);

/** Next/previous start index with wrap-around (loop). */
export function step(index: number, dir: 1 | -1, count: number, perView: number): number {
  const last = lastStart(count, perView);
  if (last === 0) return 0;
  const n = index + dir;
  return n > last ? 0 : n < 0 ? last : n;
}

export interface CarouselProps {
  label: string;
  children: ReactNode;
  autoplayMs?: number;
  className?: string;
}

export function Carousel({ label, children, autoplayMs = AUTOPLAY_MS, className = '' }: CarouselProps) {
  const slides = Children.toArray(children);
  const count = slides.length;
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const [autoplay, setAutoplay] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const drag = useRef<{ x: number; y: number; id: number } | null>(null);

  const perView = useCallback(() => {
    const el = root.current;
    const v = el ? Number.parseInt(getComputedStyle(el).getPropertyValue('--spv'), 10) : NaN;
    return Number.isFinite(v) && v > 0 ? v : 1;
  }, []);
  const move = useCallback((dir: 1 | -1) => setIndex((i) => step(Math.min(i, lastStart(count, perView())), dir, count, perView())), [count, perView]);

  // Autoplay only after hydration and only without reduced motion.
  useEffect(() => {
    setAutoplay(!prefersReducedMotion());
  }, []);
  useEffect(() => {
    if (!autoplay || paused || count < 2) return;
    const t = setInterval(() => move(1), autoplayMs);
    return () => clearInterval(t);
  }, [autoplay, paused, count, autoplayMs, move]);

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowRight') {
      e.preventDefault();
      move(1);
    } else if (e.key === 'ArrowLeft') {
      e.preventDefault();
      move(-1);
    }
  };
  const onPointerDown = (e: PointerEvent) => {
    drag.current = { x: e.clientX, y: e.clientY, id: e.pointerId };
  };
  const onPointerUp = (e: PointerEvent) => {
    const d = drag.current;
    drag.current = null;
    if (!d || d.id !== e.pointerId) return;
    const dx = e.clientX - d.x;
    if (Math.abs(dx) >= SWIPE_PX && Math.abs(dx) > Math.abs(e.clientY - d.y)) move(dx < 0 ? 1 : -1);
  };

  return (
    <div
      ref={root}
      className={`carousel ${className}`.trim()}
      role="region"
      aria-roledescription="carousel"
      aria-label={label}
      onKeyDown={onKeyDown}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setPaused(false);
      }}
      style={{ ['--index' as string]: index }}
    >
      <div className="carousel-controls">
        <button type="button" className="carousel-prev" aria-label="Previous slide" onClick={() => move(-1)}>
          <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false"><path d="M12.5 4l-6 6 6 6" fill="none" stroke="currentColor" strokeWidth="2" /></svg>
        </button>
        <button type="button" className="carousel-next" aria-label="Next slide" onClick={() => move(1)}>
          <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false"><path d="M7.5 4l6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2" /></svg>
        </button>
      </div>
      <div className="carousel-viewport" onPointerDown={onPointerDown} onPointerUp={onPointerUp} onPointerCancel={() => (drag.current = null)}>
        <div className="carousel-track" aria-live={autoplay && !paused ? 'off' : 'polite'}>
          {slides.map((s, i) => (
            <div
              key={i}
              className="carousel-slide"
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${count}`}
              data-active={i === index ? 'true' : undefined}
              // Keyboard users tabbing into an off-screen slide bring it into view.
              onFocus={() => setIndex((cur) => (i < cur || i >= cur + perView() ? Math.min(i, lastStart(count, perView())) : cur))}
            >
              {s}
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
