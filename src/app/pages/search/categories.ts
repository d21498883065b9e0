// The search tabs: 'all', then GET /api/category/all (also accepted as {category: [...]}).
import type { Category } from '../../../api/types.ts';

export interface SearchCategory {
  slug: string;
  name: string;
}

export const ALL_CATEGORY: SearchCategory = { slug: 'all', name: 'All' };

export function searchCategories(body: unknown): SearchCategory[] {
  const list: unknown = body && typeof body === 'object' && !Array.isArray(body) ? (body as { category?: unknown }).category : body;
  const out: SearchCategory[] = [ALL_CATEGORY];
  if (!Array.isArray(list)) return out;
  for (const c of list as Partial<Category>[]) {
    if (c && typeof c.cat_slug === 'string' && c.cat_slug && c.cat_slug !== 'all' && typeof c.cat_name === 'string') out.push({ slug: c.cat_slug, name: c.cat_name });
  }
  return out;
}
