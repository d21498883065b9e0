// Marks one island in the server HTML: a wrapper <div class="island"> (laid
// out as if absent: display: contents) naming the island and carrying its
// props as JSON, around the island's component. The routed app renders the
// same wrapper and component inline, so its hydration is unchanged; a
// document of an island kind hydrates each wrapper on its own
// (src/client/islands.tsx). Inside, links are plain anchors on both sides
// (src/app/components/AppLink.tsx), so the markup never depends on a router.
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
