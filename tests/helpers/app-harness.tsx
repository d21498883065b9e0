// Render harness for the component and page tests (tests/unit/app): the element or page under
// test inside the app's providers (query client seeded with API envelopes, site config, every
// static page's copy, head collector, router), rendered on the "server" with renderToString and
// hydrated in jsdom, so a test sees both the prerendered HTML and the hydrated behaviour (and any
// mismatch as a recoverable error). Paths no route matches render a location marker, so a test
// sees where a page redirected to. Header and footer are left out unless the test renders them.
import { resolve } from 'node:path';
import { dehydrate, hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { act, type ComponentType, type ReactElement } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes, StaticRouter, useLocation } from 'react-router';
import { mirrorUrl } from '../../src/api/mirror.ts';
import { AppProviders } from '../../src/app/AppProviders.tsx';
import { createQueryClient, seedQueries, type ApiEnvelope } from '../../src/app/data/api.ts';
import type { HeadCollector } from '../../src/app/head.tsx';
import { loadConfig, publicConfig } from '../../src/config/load.ts';
import { allPageCopy } from '../../src/config/page-copy.ts';
import type { PublicConfig } from '../../src/config/schema.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export const config = loadConfig({ file: resolve(import.meta.dirname, '../../config/site.json'), env: {} });
export const site = publicConfig(config);
/** Every static page's copy: the static and form pages read theirs (src/config/page-copy.ts). */
export const copy = allPageCopy(config);

export type Data = Record<string, ApiEnvelope>;
export const ok = <T,>(body: T): ApiEnvelope<T> => ({ status: 200, body });

function Where() {
  return <p data-testid="location">{useLocation().pathname}</p>;
}

/** `el` on each of `patterns`; any other path shows the location marker. */
function routed(el: ReactElement, patterns: readonly string[]) {
  return (
    <Routes>
      {patterns.map((p) => (
        <Route key={p} path={p} element={el} />
      ))}
      <Route path="*" element={<Where />} />
    </Routes>
  );
}

function providers(client: QueryClient, collector: HeadCollector | null, router: ReactElement, siteConfig: PublicConfig = site) {
  return (
    <AppProviders client={client} config={siteConfig} copy={copy} collector={collector}>
      {router}
    </AppProviders>
  );
}

export function seeded(data: Data): QueryClient {
  const client = createQueryClient();
  seedQueries(client, Object.entries(data));
  return client;
}

/** The server render of `el` at `url`, with `data` seeded: its HTML, head and the query state it leaves. */
export function serverHtml(el: ReactElement, url: string, data: Data, patterns: string | readonly string[] = '*') {
  const client = seeded(data);
  const collector: HeadCollector = { head: null };
  const html = renderToString(providers(client, collector, <StaticRouter location={url}>{routed(el, [patterns].flat())}</StaticRouter>));
  return { html, head: collector.head, state: dehydrate(client) };
}

/** The server render of a page component on its route patterns. */
export const serverRender = (Page: ComponentType, patterns: readonly string[], url: string, data: Data) => serverHtml(<Page />, url, data, patterns);

export interface Mounted {
  container: HTMLElement;
  root: Root;
  recoverable: unknown[];
  unmount(): void;
}

interface MountOptions {
  /** Server HTML to hydrate; null: render fresh. */
  html: string | null;
  /** Query state to hydrate into the client (what the page embeds). */
  state?: DehydratedState;
  data?: Data;
  config?: PublicConfig;
}

function mountTree(el: ReactElement, patterns: readonly string[], url: string, opts: MountOptions): Mounted {
  const container = document.createElement('div');
  container.id = 'root';
  document.body.append(container);
  const client = opts.data ? seeded(opts.data) : createQueryClient();
  if (opts.state) hydrate(client, opts.state);
  const recoverable: unknown[] = [];
  const tree = providers(client, null, <MemoryRouter initialEntries={[url]}>{routed(el, patterns)}</MemoryRouter>, opts.config);
  let root!: Root;
  if (opts.html !== null) {
    container.innerHTML = opts.html;
    act(() => {
      root = hydrateRoot(container, tree, { onRecoverableError: (e) => void recoverable.push(e) });
    });
  } else {
    root = createRoot(container);
    act(() => root.render(tree));
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

/** `el` server-rendered then hydrated (hydrate: true, the default), or rendered fresh, with `data` seeded. */
export function mount(el: ReactElement, url: string, data: Data, opts: { hydrate?: boolean; pattern?: string } = {}): Mounted {
  const patterns = [opts.pattern ?? '*'];
  const html = opts.hydrate === false ? null : serverHtml(el, url, data, patterns).html;
  return mountTree(el, patterns, url, { html, data });
}

/** A page component hydrating server HTML (or rendered fresh when `html` is null) at `url`. */
export const clientMount = (Page: ComponentType, patterns: readonly string[], url: string, opts: MountOptions): Mounted => mountTree(<Page />, patterns, url, opts);

/** A fetch stand-in serving the static mirror from envelopes keyed by API path. */
export function mirrorFetch(data: Data) {
  const byUrl = new Map(Object.entries(data).map(([p, env]) => [mirrorUrl(p), env]));
  return async (input: RequestInfo | URL) => {
    const env = byUrl.get(String(input));
    if (!env) return new Response('not found', { status: 404 });
    return new Response(JSON.stringify(env), { status: 200, headers: { 'content-type': 'application/json' } });
  };
}

/** A listed post; `extra` overrides any field. */
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
