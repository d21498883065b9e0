// A router <Link> that loads the document instead of routing on the client
// when its target is a static page whose copy only its own document carries
// (src/config/page-copy.ts; docs/pages.md, "Static pages"). The markup is the
// same <a href> either way, so the server HTML and hydration are unchanged.
import { Link, type LinkProps } from 'react-router';
import { loadsOwnDocument } from '../../config/page-copy.ts';

export function PageLink(props: LinkProps) {
  const reload = props.reloadDocument ?? (typeof props.to === 'string' && loadsOwnDocument(props.to));
  return <Link {...props} reloadDocument={reload} />;
}
