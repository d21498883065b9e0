// @vitest-environment jsdom
// Failed latest and popular lists are logged and show nothing
// (docs/pages.md, "Event detail"): the event detail sidebar logs each failed list with
// console.log naming it, never console.error, and shows an empty tab.
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ep } from '../../../../../src/api/endpoints.ts';
import { EventSidebar } from '../../../../../src/app/components/events/EventSidebar.tsx';
import { item, mirrorFetch, mount, ok, type Mounted } from '../../../../helpers/app-harness.tsx';

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

const sidebarLogs = () => log.mock.calls.map((c: unknown[]) => String(c[0])).filter((t: string) => t.startsWith('Event sidebar:'));

describe('event sidebar failures', () => {
  it('logs a failed Latest list (prerendered non-2xx) and keeps Popular', () => {
    m = mount(<EventSidebar />, '/events/x', { [ep.homeLatestNews()]: { status: 502, body: null }, [ep.homePopular()]: ok([item(3)]) });
    expect(sidebarLogs()).toEqual([`Event sidebar: Latest posts failed to load (${ep.homeLatestNews()}): status 502`]);
    expect(m.container.querySelectorAll('.sidebar-item')).toHaveLength(0);
    act(() => (m!.container.querySelector('#sidebar-tab2') as HTMLButtonElement).click());
    expect(m.container.querySelectorAll('.sidebar-item')).toHaveLength(1);
    expect(error).not.toHaveBeenCalled();
  });

  it('logs a failed Popular read on the client with its error', async () => {
    const mirror = mirrorFetch({ [ep.homeLatestNews()]: ok([item(1)]) });
    vi.stubGlobal('fetch', vi.fn(async (u: RequestInfo | URL) => (String(u).includes('homepopular') ? Promise.reject(new TypeError('Failed to fetch')) : mirror(u))));
    m = mount(<EventSidebar />, '/events/x', {}, { hydrate: false });
    await act(async () => {
      for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
    });
    expect(sidebarLogs()).toEqual([`Event sidebar: Popular posts failed to load (${ep.homePopular()}): Failed to fetch`]);
    expect(m.container.querySelectorAll('.sidebar-item')).toHaveLength(1);
    expect(error).not.toHaveBeenCalled();
  });
});
