// Marks an island in the server HTML: a `display: contents` wrapper naming it with its props as JSON.
// The routed app renders the same wrapper inline; an island document hydrates each wrapper alone
// (src/client/islands.tsx). Links inside are plain anchors, so markup never depends on a router.
import type { ComponentProps, ComponentType } from 'react';
import { DocumentLink, LinkContext } from '../components/AppLink.tsx';
import { ISLANDS, type IslandName } from './registry.ts';

/** The wrapper's attribute naming the island. */
export const ISLAND_ATTRIBUTE = 'data-island';
/** The wrapper's attribute holding the props as JSON (absent when there are none). */
export const ISLAND_PROPS_ATTRIBUTE = 'data-props';

type PropsOf<N extends IslandName> = ComponentProps<(typeof ISLANDS)[N]>;

export function Island<N extends IslandName>({ name, props }: { name: N } & ({} extends PropsOf<N> ? { props?: PropsOf<N> } : { props: PropsOf<N> })) {
  const Component = ISLANDS[name] as ComponentType<Record<string, unknown>>;
  const p = (props ?? {}) as Record<string, unknown>;
  const json = Object.keys(p).length ? JSON.stringify(p) : undefined;
  return (
    <div className="island" data-island={name} data-props={json}>
      <LinkContext value={DocumentLink}>
        <Component {...p} />
      </LinkContext>
    </div>
  );
}
