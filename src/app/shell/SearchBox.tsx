// Header search: navigates to /search/all/{term} (encoded by paths.search).
import { useId, useState, type FormEvent } from 'react';
import { paths } from '../../site/paths.ts';
import { documentNavigation } from '../lib/navigate.ts';
import { useSiteUrls } from '../lib/site-urls.ts';

export function SearchBox({ onSearch }: { onSearch?: () => void }) {
  const [term, setTerm] = useState('');
  const { href } = useSiteUrls();
  const id = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const t = term.trim();
    if (!t) return;
    // The search page is a document of its own (a run-time shell the host serves for /search/*).
    documentNavigation.assign(href(paths.search('all', t)));
    setTerm('');
    onSearch?.();
  };
  return (
    <form className="header-search" role="search" onSubmit={submit}>
      <label htmlFor={id} className="visually-hidden">
        Search articles
      </label>
      <input id={id} type="search" name="q" placeholder="Search…" value={term} onChange={(e) => setTerm(e.target.value)} autoComplete="off" />
      <button type="submit" aria-label="Search">
        <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M10.5 3a7.5 7.5 0 0 1 5.9 12.1l4.8 4.8-1.4 1.4-4.8-4.8A7.5 7.5 0 1 1 10.5 3Zm0 2a5.5 5.5 0 1 0 0 11 5.5 5.5 0 0 0 0-11Z" fill="currentColor" />
        </svg>
      </button>
    </form>
  );
}
