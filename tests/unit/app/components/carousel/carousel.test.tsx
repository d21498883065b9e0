// @vitest-environment jsdom
// Guest Author carousel (docs/pages.md, "Home"): autoplay every 3000 ms after
// hydration, looping; prev/next buttons and arrow keys; pointer swipes; pause
// on hover/focus; no autoplay with reduced motion; a deterministic server
// render (slides per view comes from CSS).
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTOPLAY_MS, Carousel, lastStart, step } from '../../../../../src/app/components/carousel/Carousel.tsx';
import { click, mount, serverHtml, type Mounted } from '../../../../helpers/app-harness.tsx';

let m: Mounted | null = null;
let reduced = false;
beforeEach(() => {
  vi.useFakeTimers();
  reduced = false;
  vi.stubGlobal('matchMedia', (q: string) => ({ matches: reduced && q.includes('reduce'), media: q, addEventListener() {}, removeEventListener() {} }));
});
afterEach(() => {
  m?.unmount();
  m = null;
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const slides = (n: number) =>
  Array.from({ length: n }, (_, i) => (
    <a key={i} href={`/p/${i}`}>
      Slide {i}
    </a>
  ));
const el = (n = 5) => <Carousel label="Guest Author posts">{slides(n)}</Carousel>;
const index = () => Number((m!.container.querySelector('.carousel') as HTMLElement).style.getPropertyValue('--index'));
const tick = (ms: number) => act(() => void vi.advanceTimersByTime(ms));
function key(k: string) {
  act(() => void m!.container.querySelector('.carousel')!.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true })));
}
function swipe(dx: number) {
  const vp = m!.container.querySelector('.carousel-viewport')!;
  const ev = (type: string, x: number) => Object.assign(new MouseEvent(type, { bubbles: true, clientX: x, clientY: 10 }), { pointerId: 1 });
  act(() => void vp.dispatchEvent(ev('pointerdown', 200)));
  act(() => void vp.dispatchEvent(ev('pointerup', 200 + dx)));
}

describe('carousel', () => {
  it('step and loop bounds', () => {
    expect(lastStart(10, 4)).toBe(6);
    expect(step(6, 1, 10, 4)).toBe(0);
    expect(step(0, -1, 10, 4)).toBe(6);
    expect(step(0, 1, 3, 4)).toBe(0);
  });

  it('server render: every slide, ARIA roles, index 0, focusable prev/next buttons', () => {
    document.body.innerHTML = serverHtml(el(), '/', {}).html;
    const root = document.querySelector('.carousel')!;
    expect(root.getAttribute('aria-roledescription')).toBe('carousel');
    expect(root.getAttribute('aria-label')).toBe('Guest Author posts');
    const s = [...document.querySelectorAll('.carousel-slide')];
    expect(s.map((x) => [x.getAttribute('aria-roledescription'), x.getAttribute('aria-label')])).toEqual([1, 2, 3, 4, 5].map((i) => ['slide', `${i} of 5`]));
    expect(document.querySelectorAll('button.carousel-prev, button.carousel-next').length).toBe(2);
    document.body.innerHTML = '';
  });

  it('autoplays every 3000 ms after hydration and loops (1 slide per view in jsdom)', () => {
    m = mount(el(3), '/', {});
    expect(m.recoverable).toEqual([]);
    expect(index()).toBe(0);
    tick(AUTOPLAY_MS);
    expect(index()).toBe(1);
    tick(AUTOPLAY_MS);
    expect(index()).toBe(2);
    tick(AUTOPLAY_MS);
    expect(index()).toBe(0);
  });

  it('pauses on hover and focus', () => {
    m = mount(el(3), '/', {});
    const root = m.container.querySelector('.carousel')!;
    act(() => void root.dispatchEvent(new MouseEvent('mouseover', { bubbles: true })));
    tick(AUTOPLAY_MS * 3);
    expect(index()).toBe(0);
    act(() => void root.dispatchEvent(new MouseEvent('mouseout', { bubbles: true, relatedTarget: document.body })));
    tick(AUTOPLAY_MS);
    expect(index()).toBe(1);
    act(() => (m!.container.querySelector('.carousel-next') as HTMLButtonElement).focus());
    tick(AUTOPLAY_MS * 3);
    expect(index()).toBe(1);
  });

  it('does not autoplay with reduced motion', () => {
    reduced = true;
    m = mount(el(3), '/', {});
    tick(AUTOPLAY_MS * 3);
    expect(index()).toBe(0);
  });

  it('buttons, arrow keys and swipes move it, wrapping at both ends', () => {
    reduced = true;
    m = mount(el(3), '/', {});
    click(m.container.querySelector('.carousel-next'));
    expect(index()).toBe(1);
    click(m.container.querySelector('.carousel-prev'));
    click(m.container.querySelector('.carousel-prev'));
    expect(index()).toBe(2);
    key('ArrowRight');
    expect(index()).toBe(0);
    key('ArrowLeft');
    expect(index()).toBe(2);
    swipe(-80); // swipe left -> next
    expect(index()).toBe(0);
    swipe(80);
    expect(index()).toBe(2);
    swipe(10); // too short: no move
    expect(index()).toBe(2);
  });
});
