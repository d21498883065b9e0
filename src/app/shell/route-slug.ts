// The cat_slug route parameter of the page being shown, for the header's
// panels ("See More" falls back to it). Matched with the router's rules, so it
// is computed where the router runs (./Layout.tsx) and handed to the header
// island as a prop: the island itself carries no router.
import { matchRouteTable } from '../../site/kinds/route-match.ts';

/**
 * The cat_slug route parameter of the current page. The header sits in the
 * layout route, above the page's own route, so useParams() cannot see it: the
 * location is matched against the same route table the app uses.
 */
export function routeCatSlug(pathname: string): string | null {
  const slug = matchRouteTable(pathname)?.params.cat_slug;
  return slug ? slug : null;
}
