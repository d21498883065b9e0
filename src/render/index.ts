// The render stage (docs/architecture.md, "render"): pure. Per route, a QueryClient seeded with its
// deps, renderToString under a static router, the dehydrated state as escaped JSON, in the document
// from templates/. Writes nothing. Same input, same bytes: no clock, no randomness, fixed orders.
import path from 'node:path';
import { renderToString } from 'react-dom/server';
import { apiKey, createQueryClient, seedQueries } from '../app/data/api.ts';
import type { QueryClient } from '@tanstack/react-query';
import type { HeadCollector, PageHead } from '../app/head.tsx';
import { preloadAllPages, preloadPage } from '../app/pages/registry.ts';
import { pageDataElement, type PageData } from '../page-data/page-data.ts';
import type { PublicConfig, SiteConfig } from '../config/schema.ts';
import { isPressroomError, pressroomError } from '../errors/errors.ts';
import { escapeHtml } from '../encoding/html.ts';
import { jsonForScript } from '../encoding/json.ts';
import { PACKAGE_ROOT } from '../runtime/package.ts';
import { pageCopy, type PageCopy } from '../config/page-copy.ts';
import { outputFileFor } from '../site/paths.ts';
import type { PageKindName, RouteSpec, SnapshotView } from '../site/types.ts';
import type { ClientBundle } from '../bundle/index.ts';
import { appElement, CLIENT_RENDERED_BOUNDARY, depEnvelopes, diagnoseFallback, shellOf } from './app.tsx';
import { pageHead, preloadLinks, staticHead } from './head.ts';
import { pendingApiQueries } from './pending.ts';
import { dehydratedStateJson, QueryJsonCache } from './state.ts';
import { loadTemplate, type DocumentTemplate } from './template.ts';
import { subtreeCacheFor } from './subtree-cache.ts';
import type { RenderKept } from './kept.ts';
import { hydratesAsIslands } from '../site/kinds/islands.ts';

export interface RenderedPage {
  path: string;
  /** Relative to out/: route.file ?? outputFileFor(route.path, config.output.pageFiles). */
  file: string;
  /** The document as UTF-8, what emit writes. */
  bytes: Buffer;
  /** The document as a string, decoded on first read (tests and tools; the build writes `bytes`). */
  readonly html: string;
  warnings: string[];
}

/** A page with its `html` decoded lazily from `bytes` (the pool rebuilds pages with this after the thread hop). */
export function renderedPage(fields: { path: string; file: string; bytes: Uint8Array; warnings: string[] }): RenderedPage {
  const bytes = Buffer.isBuffer(fields.bytes) ? fields.bytes : Buffer.from(fields.bytes.buffer, fields.bytes.byteOffset, fields.bytes.byteLength);
  let html: string | undefined;
  return {
    path: fields.path,
    file: fields.file,
    bytes,
    get html() {
      return (html ??= bytes.toString('utf8'));
    },
    warnings: fields.warnings,
  };
}

export interface Renderer {
  renderRoute(route: RouteSpec): RenderedPage;
}

export interface RendererOptions {
  config: SiteConfig;
  publicConfig: PublicConfig;
  bundle: Pick<ClientBundle, 'entryUrl' | 'islandsUrl' | 'cssUrl' | 'preloadFor'>;
  snapshot: SnapshotView;
  /** Document template file; default templates/document.html of Pressroom's package. */
  templateFile?: string;
  /** Throw PR_RENDER_MISSING_DATA (instead of warning) when a page reads undeclared data (tests). */
  strict?: boolean;
  /** false renders the footer and the header's navigation in every page instead of copying them (tests compare the two). */
  cacheParts?: boolean;
  /** Page kinds to load before rendering; default all (tests render a few). */
  kinds?: readonly PageKindName[];
  /** What the publish session keeps between builds (the parts learnt); none in a one-off build or a render thread. */
  kept?: RenderKept;
}

const DEFAULT_TEMPLATE = path.join(PACKAGE_ROOT, 'templates/document.html');

export async function createRenderer(opts: RendererOptions): Promise<Renderer> {
  const { config, publicConfig, bundle, snapshot } = opts;
  // renderToString cannot wait for a lazy page: load every page module first.
  if (opts.kinds) await Promise.all(opts.kinds.map(preloadPage));
  else await preloadAllPages();
  const template: DocumentTemplate = await loadTemplate(opts.templateFile ?? DEFAULT_TEMPLATE);

  // Everything that is the same for every page is built once here.
  const lang = escapeHtml(config.site.language);
  const fixedHead = staticHead({ cssUrl: bundle.cssUrl, basePath: config.site.basePath });
  const configJson = jsonForScript(publicConfig);
  // A document of an island kind loads the islands entry, every other the routed app's (src/site/kinds/islands.ts).
  const entryFor = (kind: PageKindName) => (hydratesAsIslands(kind) ? bundle.islandsUrl : bundle.entryUrl);
  const scriptFor = (kind: PageKindName) => `<script type="module" src="${escapeHtml(entryFor(kind))}"></script>`;
  const preloads = new Map<PageKindName, string>();
  const preloadsFor = (kind: PageKindName) => {
    let html = preloads.get(kind);
    if (html === undefined) preloads.set(kind, (html = preloadLinks(entryFor(kind), bundle.preloadFor(kind))));
    return html;
  };
  const jsonCache = new QueryJsonCache();
  // The footer and the header's navigation, rendered once and copied into every page (docs/decisions/0095-cached-footer-and-nav.md).
  const parts = opts.cacheParts === false ? null : subtreeCacheFor(configJson, opts.kept);
  // A static page's copy, with its JSON, per kind: only the pages that show it carry it (src/config/page-copy.ts).
  const copies = new Map<PageKindName, { copy: PageCopy | null; json: string | null }>();
  const copyFor = (kind: PageKindName) => {
    let c = copies.get(kind);
    if (c === undefined) {
      const copy = pageCopy(config, kind);
      copies.set(kind, (c = { copy, json: copy ? jsonForScript(copy) : null }));
    }
    return c;
  };

  /** Each seeded query's hash -> its path and snapshot hash: the key under which its JSON is kept (./state.ts). */
  function seededHashes(client: QueryClient, envelopes: [string, unknown][]): Map<string, string | null> {
    const seeded = new Map<string, string | null>();
    for (const [p] of envelopes) {
      const hash = snapshot.get(p)?.hash;
      seeded.set(client.getQueryCache().find({ queryKey: apiKey(p), exact: true })!.queryHash, hash ? `${p}\0${hash}` : null);
    }
    return seeded;
  }

  function renderRoute(route: RouteSpec): RenderedPage {
    const warnings: string[] = [];
    const envelopes = depEnvelopes(route, snapshot);
    const client = createQueryClient();
    seedQueries(client, envelopes);
    const collector: HeadCollector = { head: null };
    const { copy, json: copyJson } = copyFor(route.kind);

    let app: string;
    try {
      app = parts
        ? parts.render((slot) => {
            // A part learnt from this page renders it twice: the head collected by the last render is kept.
            collector.head = null;
            return renderToString(appElement({ route, client, publicConfig, copy, collector, slot }));
          })
        : renderToString(appElement({ route, client, publicConfig, copy, collector }));
    } catch (e) {
      if (isPressroomError(e)) throw e;
      const detail = e instanceof Error ? e.message : String(e);
      throw pressroomError('PR_RENDER_FAILED', { route: route.path, detail }, e);
    }
    // A boundary that fell back means the page threw or suspended: never publish its skeleton.
    if (app.includes(CLIENT_RENDERED_BOUNDARY)) {
      throw pressroomError('PR_RENDER_FAILED', { route: route.path, detail: diagnoseFallback({ route, client, publicConfig, copy }) });
    }

    for (const key of pendingApiQueries(client)) {
      if (opts.strict) throw pressroomError('PR_RENDER_MISSING_DATA', { route: route.path, key });
      warnings.push(`Route ${route.path} read ${key}, which is not among its deps; it renders as loading`);
    }
    let head: PageHead | null = collector.head;
    if (!head) {
      warnings.push(`Route ${route.path} (${route.kind}) did not call usePageHead; using the site title`);
      head = { title: config.site.title };
    }

    const shell = shellOf(route.kind);
    // Islands read no query cache: their document carries none (their props are in the markup).
    const stateJson = hydratesAsIslands(route.kind) ? null : dehydratedStateJson(client, seededHashes(client, envelopes), jsonCache);
    client.clear();
    const bytes = template.fill({
      lang,
      head: `${fixedHead.top}\n${pageHead(config, head, route.path)}\n${fixedHead.bottom}\n${preloadsFor(route.kind)}`,
      app,
      data: pageDataElement({ kind: route.kind, path: route.path, shell, configJson, copyJson, stateJson }),
      scripts: scriptFor(route.kind),
    });
    return renderedPage({ path: route.path, file: route.file ?? outputFileFor(route.path, config.output.pageFiles), bytes, warnings });
  }

  return { renderRoute };
}

export type { PageData };
