// The start-up of documents hydrated as islands (docs/decisions/0062-article-islands.md): each element
// marked data-island (src/app/islands/Island.tsx) becomes its own root, hydrated with its data-props,
// the configuration and the path; the rest stays the server's HTML. No router, no query cache.
// <html data-hydrated="true"> is set once every island committed, as the routed app does.
import { useEffect, type ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { SiteProvider } from '../app/context.tsx';
import { ISLAND_ATTRIBUTE, ISLAND_PROPS_ATTRIBUTE } from '../app/islands/Island.tsx';
import { ISLANDS, isIslandName } from '../app/islands/registry.ts';
import { PagePathContext } from '../app/lib/page-path.ts';
import { readPageData } from '../page-data/page-data.ts';

function Committed({ onCommit }: { onCommit: () => void }) {
  useEffect(onCommit, [onCommit]);
  return null;
}

export function startIslands(doc: Document = document): void {
  const data = readPageData(doc);
  if (!data) {
    console.error('Pressroom: the page carries no app data');
    return;
  }
  const elements = [...doc.querySelectorAll<HTMLElement>(`[${ISLAND_ATTRIBUTE}]`)];
  let waiting = elements.length;
  const committed = () => {
    waiting -= 1;
    if (waiting === 0) doc.documentElement.dataset.hydrated = 'true';
  };
  if (waiting === 0) doc.documentElement.dataset.hydrated = 'true';
  for (const el of elements) {
    const name = el.getAttribute(ISLAND_ATTRIBUTE) ?? '';
    if (!isIslandName(name)) {
      console.error(`Pressroom: unknown island "${name}"`);
      committed();
      continue;
    }
    const Component = ISLANDS[name] as ComponentType<Record<string, unknown>>;
    const props = JSON.parse(el.getAttribute(ISLAND_PROPS_ATTRIBUTE) ?? '{}') as Record<string, unknown>;
    hydrateRoot(
      el,
      <SiteProvider config={data.config} copy={null}>
        <PagePathContext value={data.path}>
          <Component {...props} />
          <Committed onCommit={committed} />
        </PagePathContext>
      </SiteProvider>,
      {
        onRecoverableError(error, info) {
          // Hydration mismatches land here; browser tests fail on any console error.
          console.error('Pressroom: recoverable React error', error, info.componentStack ?? '');
        },
      },
    );
  }
}
