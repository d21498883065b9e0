// @vitest-environment jsdom
// Ads that fail to load are logged only (docs/pages.md, "Shared shell", Ads):
// a failed advertisement read is logged with console.log naming what failed,
// never console.error (the browser layer fails a page on console errors), and
// the slot renders nothing.
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ep } from '../../../../../src/api/endpoints.ts';
import { AdSlot } from '../../../../../src/app/components/ads/AdSlot.tsx';
import { mount, ok, type Mounted } from '../../../../helpers/app-harness.tsx';

let m: Mounted | null = null;
let log: ReturnType<typeof vi.spyOn>;
let error: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
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

describe('ads that fail to load', () => {
  it('a non-2xx get_active (prerendered) is logged with the slot type and the status; the slot is empty', () => {
    m = mount(<AdSlot type="Footer-3" width={728} height={90} />, '/', { [ep.ads()]: { status: 500, body: { message: 'boom' } } });
    expect(adLogs()).toEqual([`Ads failed to load (Footer-3, ${ep.ads()}): status 500`]);
    expect(m.container.querySelector('aside')).toBeNull();
    expect(error).not.toHaveBeenCalled();
  });

  it('a failed mirror read on the client is logged with the error message', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('down', { status: 503 })));
    m = mount(<AdSlot type="Home-2" width={1200} height={150} />, '/', {}, { hydrate: false });
    await act(async () => {
      for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
    });
    expect(adLogs()).toEqual([`Ads failed to load (Home-2, ${ep.ads()}): HTTP error! Status: 503`]);
    expect(error).not.toHaveBeenCalled();
  });

  it('a body that is not a list is a failure too; a good list logs nothing', () => {
    m = mount(<AdSlot type="Post-1" width={300} height={250} />, '/', { [ep.ads()]: ok({ not: 'a list' }) });
    expect(adLogs()).toHaveLength(1);
    m.unmount();
    log.mockClear();
    m = mount(<AdSlot type="Post-1" width={300} height={250} />, '/', { [ep.ads()]: ok([]) });
    expect(adLogs()).toEqual([]);
  });
});
