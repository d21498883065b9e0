// The app's one link component (docs/decisions/0062-article-islands.md): in an island or a document
// without a router, a plain <a href> under the base path; in the routed app, the router's link
// (RouterLinkProvider, ./PageLink.tsx). The default is the plain anchor, so no provider is needed.
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

// A link to a page of a paged listing at its own prerendered route
// (docs/decisions/0105-listing-page-routes.md): a plain link without JavaScript, so readers and crawlers
// reach every page; once hydrated a plain click changes the listing in place from the mirror, the
// address unchanged (modified clicks stay the browser's). Here, in the entry's module, so no chunk is added.
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
