// The app's router links and redirects (every <Link>, <Navigate> and navigate() of the app goes through
// here): a site path becomes the site's page URL (site.trailingSlash, src/site/paths.ts pageUrl), so
// client navigation lands on the URL the server answers with 200. A link loads the document when its
// target is a static page whose copy only its own document carries (src/config/page-copy.ts). Same
// <a href> markup either way. RouterLinkProvider makes PageLink AppLink's link in the routed app.
import { useCallback, type ReactNode } from 'react';
import { Link, Navigate, useNavigate, type LinkProps, type NavigateOptions, type NavigateProps } from 'react-router';
import { loadsOwnDocument } from '../../config/page-copy.ts';
import { pageUrl } from '../../site/paths.ts';
import { useSite } from '../context.tsx';
import { LinkContext, type AppLinkProps } from './AppLink.tsx';

/** A string target in the site's URL form; other targets (objects) as given. */
function usePageTo<T>(to: T): T | string {
  const slash = useSite().site.trailingSlash;
  return typeof to === 'string' ? pageUrl(slash, to) : to;
}

export function PageLink(props: LinkProps) {
  const reload = props.reloadDocument ?? (typeof props.to === 'string' && loadsOwnDocument(props.to));
  const to = usePageTo(props.to);
  return <Link {...props} to={to} reloadDocument={reload} />;
}

export function PageNavigate(props: NavigateProps) {
  return <Navigate {...props} to={usePageTo(props.to)} />;
}

/** useNavigate for site paths: a string target goes to its page URL; a number (history step) as given. */
export function usePageNavigate(): (to: string | number, options?: NavigateOptions) => void {
  const navigate = useNavigate();
  const slash = useSite().site.trailingSlash;
  return useCallback((to: string | number, options?: NavigateOptions) => (typeof to === 'number' ? navigate(to) : navigate(pageUrl(slash, to), options)), [navigate, slash]);
}

function RouterAppLink(props: AppLinkProps) {
  return <PageLink {...props} />;
}

/** Inside the router: AppLink routes on the client (islands reset it to the plain anchor). */
export function RouterLinkProvider({ children }: { children: ReactNode }) {
  return <LinkContext value={RouterAppLink}>{children}</LinkContext>;
}
