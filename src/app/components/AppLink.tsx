// The one link component of the app's shared parts. What it renders depends on
// where it sits (docs/decisions/0062-article-islands.md): inside an island (src/app/islands) and
// in a document no router runs in, an ordinary <a href> under the site's base
// path, so the parts the article page hydrates as islands carry no router; in
// the routed app (src/app/App.tsx) the router's link, which routes on the
// client (RouterLinkProvider, ./PageLink.tsx). The context's default is the
// plain anchor, so a part rendered alone needs no provider.
import { createContext, useContext, type AnchorHTMLAttributes, type ComponentType, type MouseEvent } from 'react';
import { useSiteUrls } from '../lib/site-urls.ts';

export type AppLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  /** A site path (paths.ts), without the base path. */
  to: string;
};

/** An ordinary link: the browser loads the document. */
export function DocumentLink({ to, ...rest }: AppLinkProps) {
  const { href } = useSiteUrls();
  return <a href={href(to)} {...rest} />;
}

export const LinkContext = createContext<ComponentType<AppLinkProps>>(DocumentLink);

export function AppLink(props: AppLinkProps) {
  const Link = useContext(LinkContext);
  return <Link {...props} />;
}

// A link to one page of a paged listing at that page's own prerendered route
// (the topic and author pagers, the All Events list's Show More: docs/decisions/0105-listing-page-routes.md).
// Without JavaScript it is an ordinary link, so readers and crawlers reach
// every page. Once the page is hydrated a plain click is taken over: the
// listing changes in place from the static mirror, one read a page, and the
// address stays. A click with a modifier key or another button stays the
// browser's (the page's own URL in a new tab or window). It lives here, in the
// entry's module, so the pages that use it share no new chunk for it.
export type ListingPageLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'onClick'> & {
  /** The page's site path (paths.listingPage), without the base path. */
  to: string;
  /** What a plain click does instead of loading the page. */
  onPlainClick(): void;
};

/** A click the page takes over: the primary button, no modifier. */
export const isPlainClick = (e: MouseEvent) => e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;

export function ListingPageLink({ to, onPlainClick, ...rest }: ListingPageLinkProps) {
  const { href } = useSiteUrls();
  return (
    <a
      {...rest}
      href={href(to)}
      onClick={(e) => {
        if (!isPlainClick(e)) return;
        e.preventDefault();
        onPlainClick();
      }}
    />
  );
}
