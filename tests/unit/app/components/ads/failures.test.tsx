// @vitest-environment jsdom
// Ads that fail to load are logged only (docs/pages.md, "Shared shell", Ads):
// a failed read of the ads' mirror file is logged with console.log naming what
// failed, never console.error (the browser layer fails a page on console
// errors), and the slot shows nothing: its reserved space stays empty.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ep } from '../../../../../src/api/endpoints.ts';
import { AdSlot } from '../../../../../src/app/components/ads/AdSlot.tsx';
import { resetMirrorReads } from '../../../../../src/app/data/mirror-read.ts';
import { mount, ok, type Mounted } from '../../../../helpers/app-harness.tsx';
import { settle, stubAdsMirror } from './ads-harness.ts';

let m: Mounted | null = null;
let log: ReturnType<typeof vi.spyOn>;
let error: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  resetMirrorReads();
  log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
  error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  m?.unmount();
  m = null;
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const adLogs = () => log.mock.calls.map((c: unknown[]) => String(c[0])).filter((t: string) => t.startsWith('Ads failed to load'));
const slot = () => m!.container.querySelector('aside')!;

describe('ads that fail to load', () => {
  it('a non-2xx answer in the mirror is logged with the slot type and the status; the slot stays empty', async () => {
    stubAdsMirror({ status: 500, body: { message: 'boom' } });
    m = mount(<AdSlot type="Footer-3" width={728} height={90} />, '/', {});
    await settle();
    expect(adLogs()).toEqual([`Ads failed to load (Footer-3, ${ep.ads()}): status 500`]);
    expect(slot().getAttribute('data-ad-state')).toBe('empty');
    expect(slot().querySelector('a, img')).toBeNull();
    expect(slot().querySelector('.ad-space')).not.toBeNull();
    expect(error).not.toHaveBeenCalled();
  });

  it('a failed mirror fetch is logged with the error message', async () => {
    stubAdsMirror(() => Promise.reject(new TypeError('Failed to fetch')));
    m = mount(<AdSlot type="Home-2" width={1200} height={150} />, '/', {});
    await settle();
    expect(adLogs()).toEqual([`Ads failed to load (Home-2, ${ep.ads()}): Failed to fetch`]);
    expect(slot().querySelector('a, img')).toBeNull();
    expect(error).not.toHaveBeenCalled();
  });

  it('a body that is not a list is a failure too; a good list logs nothing', async () => {
    stubAdsMirror(ok({ not: 'a list' }));
    m = mount(<AdSlot type="Post-1" width={300} height={250} />, '/', {});
    await settle();
    expect(adLogs()).toHaveLength(1);
    m.unmount();
    log.mockClear();
    resetMirrorReads();
    stubAdsMirror(ok([]));
    m = mount(<AdSlot type="Post-1" width={300} height={250} />, '/', {});
    await settle();
    expect(adLogs()).toEqual([]);
    expect(slot().getAttribute('data-ad-state')).toBe('empty');
  });
});
