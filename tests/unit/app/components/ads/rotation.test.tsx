// @vitest-environment jsdom
// Ad rotation (docs/pages.md, "Shared shell", Ads): slots filter by
// banner_type; the server HTML has the labelled slot with its space reserved and
// no ad (docs/decisions/0116-ads-from-the-mirror.md); after hydration the slot
// fills from the mirror, each ad shows for its duration_time seconds (default
// 5), fades out 200 ms, the next fades in, looping; the next image is
// preloaded; dest_url opens in a new tab with rel="noopener"; unsafe dest_url
// never renders.
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ep } from '../../../../../src/api/endpoints.ts';
import type { Ad } from '../../../../../src/api/types.ts';
import { AdSlot } from '../../../../../src/app/components/ads/AdSlot.tsx';
import { AD_FADE_MS } from '../../../../../src/app/components/ads/useRotation.ts';
import { resetMirrorReads } from '../../../../../src/app/data/mirror-read.ts';
import { mount, ok, serverHtml, type Mounted } from '../../../../helpers/app-harness.tsx';
import { settle, stubAdsMirror } from './ads-harness.ts';

const ad = (id: number, type: string, duration: number | null, extra: Partial<Ad> = {}): Ad => ({
  banner_id: id,
  banner_type: type,
  banner_name: `Ad ${id}`,
  banner_img: `/uploads/pixel_img/ad-${id}.png`,
  dest_url: `https://sponsor.example/${id}`,
  duration_time: duration as number,
  ...extra,
});
const ADS = [
  ad(1, 'Home-2', 6),
  ad(2, 'Home-2', null),
  ad(3, 'Home-2', 2),
  ad(4, 'Footer-3', 4),
  ad(5, 'Home-2', 3, { dest_url: 'javascript:alert(1)' }),
];

let m: Mounted | null = null;
let preloaded: string[];
let asked: string[];
beforeEach(() => {
  vi.useFakeTimers();
  resetMirrorReads();
  asked = stubAdsMirror(ok(ADS));
  preloaded = [];
  vi.stubGlobal(
    'Image',
    class {
      set src(v: string) {
        preloaded.push(v);
      }
    },
  );
});
afterEach(() => {
  m?.unmount();
  m = null;
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const shownAlt = () => m!.container.querySelector('.ad-rotator img')!.getAttribute('alt');
const fading = () => m!.container.querySelector('.ad-rotator')!.classList.contains('is-fading');
const tick = (ms: number) => act(() => void vi.advanceTimersByTime(ms));

describe('ad slot', () => {
  it('the server HTML has the labelled slot, busy, with the banner space reserved and no ad; none of the ads is in it', () => {
    const { html } = serverHtml(<AdSlot type="Home-2" width={1200} height={150} label="Advertisement between the sections" />, '/', { [ep.ads()]: ok(ADS) });
    document.body.innerHTML = html;
    const slot = document.querySelector('aside.ad-slot')!;
    expect(slot.getAttribute('aria-label')).toBe('Advertisement between the sections');
    expect(slot.getAttribute('aria-busy')).toBe('true');
    expect(slot.getAttribute('data-ad-state')).toBe('loading');
    expect(slot.querySelector('.ad-space')!.getAttribute('aria-hidden')).toBe('true');
    expect((slot as HTMLElement).style.getPropertyValue('--ad-ratio')).toBe('1200 / 150');
    expect((slot as HTMLElement).style.getPropertyValue('--ad-width')).toBe('1200px');
    expect(slot.querySelector('a, img')).toBeNull();
    expect(html).not.toContain('sponsor.example');
    expect(asked).toEqual([]);
    document.body.innerHTML = '';
  });

  it('fills after hydration from the mirror with the first ad of the type, linking out in a new tab with noopener', async () => {
    m = mount(<AdSlot type="Home-2" width={1200} height={150} />, '/', {});
    await settle();
    expect(m.recoverable).toEqual([]);
    expect(asked).toEqual(['/data/advertisement/get_active.json']);
    const slot = m.container.querySelector('aside.ad-slot')!;
    expect(slot.getAttribute('data-ad-state')).toBe('filled');
    expect(slot.hasAttribute('aria-busy')).toBe(false);
    const links = m.container.querySelectorAll('a.ad-banner');
    expect(links.length).toBe(1);
    expect(links[0].getAttribute('href')).toBe('https://sponsor.example/1');
    expect(links[0].getAttribute('target')).toBe('_blank');
    expect(links[0].getAttribute('rel')).toContain('noopener');
    expect(links[0].querySelector('img')!.getAttribute('alt')).toBe('Ad 1');
  });

  it('rotates: duration_time seconds each (default 5), a 200 ms fade, looping, the next image preloaded', async () => {
    m = mount(<AdSlot type="Home-2" width={1200} height={150} />, '/', {});
    await settle();
    expect(m.recoverable).toEqual([]);
    expect(m.container.querySelector('.ad-rotator')!.getAttribute('data-ad-count')).toBe('3'); // the unsafe one is dropped
    expect(shownAlt()).toBe('Ad 1');
    expect(preloaded).toEqual(['/uploads/pixel_img/ad-2.png?width=1200']);
    tick(6000 - 1);
    expect(fading()).toBe(false);
    tick(1);
    expect(fading()).toBe(true);
    expect(shownAlt()).toBe('Ad 1');
    tick(AD_FADE_MS);
    expect(fading()).toBe(false);
    expect(shownAlt()).toBe('Ad 2');
    expect(preloaded.at(-1)).toBe('/uploads/pixel_img/ad-3.png?width=1200');
    tick(5000 + AD_FADE_MS); // null duration -> 5 s default
    expect(shownAlt()).toBe('Ad 3');
    tick(2000 + AD_FADE_MS);
    expect(shownAlt()).toBe('Ad 1'); // loops
  });

  it('a single matching ad does not rotate', async () => {
    m = mount(<AdSlot type="Footer-3" width={1200} height={150} />, '/', {});
    await settle();
    tick(60_000);
    expect(shownAlt()).toBe('Ad 4');
    expect(fading()).toBe(false);
    expect(preloaded).toEqual([]);
  });

  it('pick shows the chosen ads side by side without rotating; a slot without ads keeps its empty space', async () => {
    m = mount(
      <>
        <AdSlot type="Home-2" pick={[1, 2]} width={300} height={250} />
        <AdSlot type="Post-1" width={300} height={250} className="ad-slot empty" />
      </>,
      '/',
      {},
    );
    await settle();
    expect([...m.container.querySelectorAll('a.ad-banner img')].map((i) => i.getAttribute('alt'))).toEqual(['Ad 2', 'Ad 3']);
    expect(m.container.querySelector('.ad-rotator')).toBeNull();
    const empty = m.container.querySelector('.empty')!;
    expect(empty.getAttribute('data-ad-state')).toBe('empty');
    expect(empty.querySelector('a, img')).toBeNull();
    expect(empty.querySelectorAll('.ad-space')).toHaveLength(1);
  });
});
