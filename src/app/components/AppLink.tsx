// The one link component of the app's shared parts. What it renders depends on
// where it sits (docs/decisions.md, 62): inside an island (src/app/islands) and
// in a document no router runs in, an ordinary <a href> under the site's base
// path, so the parts the article page hydrates as islands carry no router; in
// the routed app (src/app/App.tsx) the router's link, which routes on the
// client (RouterLinkProvider, ./PageLink.tsx). The context's default is the
// plain anchor, so a part rendered alone needs no provider.
import { createContext, useContext, type AnchorHTMLAttributes, type ComponentType } from 'react';
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
