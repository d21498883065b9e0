// Render harness for the shell, home, tag, ads and carousel tests: any element
// inside the app's providers (query client seeded with API envelopes, site
// config, head collector, router), rendered on the "server" with
// renderToString and hydrated in jsdom, so a test sees both the prerendered
// HTML and the hydrated behaviour (and any mismatch as a recoverable error).
import { type QueryClient } from '@tanstack/react-query';
import { act, type ReactElement } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes, StaticRouter, useLocation } from 'react-router';
import { mirrorUrl } from '../../../../src/api/mirror.ts';
import { AppProviders } from '../../../../src/app/AppProviders.tsx';
import { createQueryClient, seedQueries, type ApiEnvelope } from '../../../../src/app/data/api.ts';
import type { HeadCollector } from '../../../../src/app/head.tsx';
import { loadConfig, publicConfig } from '../../../../src/config/load.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export const config = loadConfig({ file: 'config/site.json', env: {} });
export const site = publicConfig(config);

export type Data = Record<string, ApiEnvelope>;
export const ok = <T,>(body: T): ApiEnvelope<T> => ({ status: 200, body });

function Where() {
  return <p data-testid="location">{useLocation().pathname}</p>;
}

/** `el` on `pattern`; any other path shows a location marker (redirect target). */
function routed(el: ReactElement, pattern: string) {
  return (
    <Routes>
      <Route path={pattern} element={el} />
      <Route path="*" element={<Where />} />
    </Routes>
  );
}

function providers(client: QueryClient, collector: HeadCollector | null, router: ReactElement) {
  return (
    <AppProviders client={client} config={site} collector={collector}>
      {router}
    </AppProviders>
  );
}

export function seeded(data: Data): QueryClient {
  const client = createQueryClient();
  seedQueries(client, Object.entries(data));
  return client;
}

export function serverHtml(el: ReactElement, url: string, data: Data, pattern = '*') {
  const collector: HeadCollector = { head: null };
  const html = renderToString(providers(seeded(data), collector, <StaticRouter location={url}>{routed(el, pattern)}</StaticRouter>));
  return { html, head: collector.head };
}

export interface Mounted {
  container: HTMLElement;
  recoverable: unknown[];
  unmount(): void;
}

/** Server-render then hydrate (hydrate: true), or render fresh with only `data` seeded. */
export function mount(el: ReactElement, url: string, data: Data, opts: { hydrate?: boolean; pattern?: string } = {}): Mounted {
  const pattern = opts.pattern ?? '*';
  const container = document.createElement('div');
  document.body.append(container);
  const recoverable: unknown[] = [];
  const tree = providers(seeded(data), null, <MemoryRouter initialEntries={[url]}>{routed(el, pattern)}</MemoryRouter>);
  let root!: Root;
  if (opts.hydrate !== false) {
    container.innerHTML = serverHtml(el, url, data, pattern).html;
    act(() => {
      root = hydrateRoot(container, tree, { onRecoverableError: (e) => void recoverable.push(e) });
    });
  } else {
    root = createRoot(container);
    act(() => root.render(tree));
  }
  return {
    container,
    recoverable,
    unmount() {
      act(() => root.unmount());
      container.remove();
    },
  };
}

/** A fetch stand-in serving the static mirror from envelopes keyed by API path. */
export function mirrorFetch(data: Data) {
  const byUrl = new Map(Object.entries(data).map(([p, env]) => [mirrorUrl(p), env]));
  return async (input: RequestInfo | URL) => {
    const env = byUrl.get(String(input));
    if (!env) return new Response('not found', { status: 404 });
    return new Response(JSON.stringify(env), { status: 200, headers: { 'content-type': 'application/json' } });
  };
}

export function item(id: number, extra: Record<string, unknown> = {}) {
  return {
    id,
    post_title: `Post number ${id}`,
    post_name: `post-${id}`,
    cat_slug: 'news',
    cat_name: 'News',
    post_author: 'Ada Writer',
    author_name: 'ada-writer',
    post_date: '2026-01-10T08:00:00.000Z',
    banner_img: `/uploads/2026/01/p${id}.jpg`,
    post_content: `Excerpt of post ${id}.`,
    ...extra,
  };
}

export function click(el: Element | null) {
  if (!el) throw new Error('click: no element');
  act(() => {
    el.dispatchEvent(new MouseEvent('click', { bubbles: true }));
  });
}

export function pointerDown(el: Element) {
  act(() => {
    // jsdom has no PointerEvent constructor in every version: a plain Event of the right type is enough.
    el.dispatchEvent(new Event('pointerdown', { bubbles: true }));
  });
}

/** Set an input's value the way React notices (the native setter), then fire `input`. */
export function typeInto(input: HTMLInputElement, value: string) {
  act(() => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}
