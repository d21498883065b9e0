// A small server-render + hydrate harness for the listing page tests: the page
// under test inside the same providers as the real app (query client, site
// config, head collector, router), without the header and footer. Redirect
// targets render a marker so a test can see where the page navigated.
import { dehydrate, hydrate, type QueryClient } from '@tanstack/react-query';
import { act, type ComponentType } from 'react';
import { hydrateRoot, createRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes, StaticRouter, useLocation } from 'react-router';
import { AppProviders } from '../../../../../src/app/AppProviders.tsx';
import { createQueryClient, seedQueries, type ApiEnvelope } from '../../../../../src/app/data/api.ts';
import type { HeadCollector } from '../../../../../src/app/head.tsx';
import { mirrorUrl } from '../../../../../src/api/mirror.ts';
import { loadConfig, publicConfig as toPublic } from '../../../../../src/config/load.ts';
import type { PublicConfig } from '../../../../../src/config/schema.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export const config = loadConfig({ file: 'config/site.json', env: {} });
export const site = toPublic(config);

function Where() {
  const { pathname } = useLocation();
  return <p data-testid="location">{pathname}</p>;
}

export function Routed({ Page, patterns }: { Page: ComponentType; patterns: string[] }) {
  return (
    <Routes>
      {patterns.map((p) => (
        <Route key={p} path={p} element={<Page />} />
      ))}
      <Route path="*" element={<Where />} />
    </Routes>
  );
}

function providers(client: QueryClient, collector: HeadCollector | null, router: React.ReactElement, config: PublicConfig = site) {
  return (
    <AppProviders client={client} config={config} collector={collector}>
      {router}
    </AppProviders>
  );
}

export function seeded(data: Record<string, ApiEnvelope>): QueryClient {
  const client = createQueryClient();
  seedQueries(client, Object.entries(data));
  return client;
}

/** Server render of `url` with the route's data seeded. */
export function serverRender(Page: ComponentType, patterns: string[], url: string, data: Record<string, ApiEnvelope>) {
  const client = seeded(data);
  const collector: HeadCollector = { head: null };
  const html = renderToString(providers(client, collector, <StaticRouter location={url}><Routed Page={Page} patterns={patterns} /></StaticRouter>));
  return { html, head: collector.head, state: dehydrate(client) };
}

export interface Mounted {
  container: HTMLElement;
  root: Root;
  recoverable: unknown[];
  unmount(): void;
}

/** Hydrate server HTML (or render fresh when `html` is null) at `url`. */
export function clientMount(Page: ComponentType, patterns: string[], url: string, opts: { html: string | null; state?: unknown; data?: Record<string, ApiEnvelope>; config?: PublicConfig }): Mounted {
  const container = document.createElement('div');
  container.id = 'root';
  document.body.append(container);
  const client = opts.data ? seeded(opts.data) : createQueryClient();
  if (opts.state) hydrate(client, opts.state);
  const recoverable: unknown[] = [];
  const el = providers(client, null, <MemoryRouter initialEntries={[url]}><Routed Page={Page} patterns={patterns} /></MemoryRouter>, opts.config);
  let root!: Root;
  if (opts.html !== null) {
    container.innerHTML = opts.html;
    act(() => {
      root = hydrateRoot(container, el, { onRecoverableError: (e) => void recoverable.push(e) });
    });
  } else {
    root = createRoot(container);
    act(() => root.render(el));
  }
  return {
    container,
    root,
    recoverable,
    unmount() {
      act(() => root.unmount());
      container.remove();
    },
  };
}

/** A fetch stand-in serving the static mirror from envelopes keyed by API path. */
export function mirrorFetch(data: Record<string, ApiEnvelope>) {
  const byUrl = new Map(Object.entries(data).map(([p, env]) => [mirrorUrl(p), env]));
  return async (input: RequestInfo | URL) => {
    const url = String(input);
    const env = byUrl.get(url);
    if (!env) return new Response('not found', { status: 404 });
    return new Response(JSON.stringify(env), { status: 200, headers: { 'content-type': 'application/json' } });
  };
}

export const ok = <T,>(body: T): ApiEnvelope<T> => ({ status: 200, body });

export function item(id: number, extra: Record<string, unknown> = {}) {
  return {
    id,
    post_title: `Post number ${id}`,
    post_name: `post-${id}`,
    cat_slug: 'news',
    cat_name: 'news',
    post_author: 'Ada Writer',
    author_name: 'ada-writer',
    post_date: '2026-01-10T08:00:00.000Z',
    banner_img: `/images/p${id}.jpg`,
    ...extra,
  };
}
