// The page's cat_slug for the header's panels, matched where the router runs (./Layout.tsx) and
// handed to the header island, which carries no router.
import { matchRouteTable } from '../../site/kinds/route-match.ts';

/** The header sits above the page's route, so useParams() cannot see it: match the route table instead. */
export function routeCatSlug(pathname: string): string | null {
  const slug = matchRouteTable(pathname)?.params.cat_slug;
  return slug ? slug : null;
}
