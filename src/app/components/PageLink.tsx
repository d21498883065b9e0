// A router <Link> that loads the document when its target is a static page whose copy only its own
// document carries (src/config/page-copy.ts). Same <a href> markup either way. RouterLinkProvider
// makes it AppLink's link in the routed app.
import type { ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router';
import { loadsOwnDocument } from '../../config/page-copy.ts';
import { LinkContext, type AppLinkProps } from './AppLink.tsx';

export function PageLink(props: LinkProps) {
  const reload = props.reloadDocument ?? (typeof props.to === 'string' && loadsOwnDocument(props.to));
  return <Link {...props} reloadDocument={reload} />;
}

function RouterAppLink(props: AppLinkProps) {
  return <PageLink {...props} />;
}

/** Inside the router: AppLink routes on the client (islands reset it to the plain anchor). */
export function RouterLinkProvider({ children }: { children: ReactNode }) {
  return <LinkContext value={RouterAppLink}>{children}</LinkContext>;
}
