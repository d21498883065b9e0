// The article preview /preview/{cat_slug}/{post_name} (docs/pages.md, "Preview"): a run-time page whose
// shell hydrates a pending state before App routes here. The draft is read live, sanitised and given
// its TOC in the browser (../../lib/cms-client.ts); data is kept in local storage (./storage.ts).
// Never indexed.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { PageNavigate as Navigate } from '../../components/PageLink.tsx';
import { ep } from '../../../api/endpoints.ts';
import type { Post } from '../../../api/types.ts';
import { ArticleSkeleton } from '../../components/article/ArticleSkeleton.tsx';
import { ArticleView } from '../../components/article/ArticleView.tsx';
import { articleDescription, articleSiteTitle } from '../../components/article/seo.ts';
import { useSite } from '../../context.tsx';
import { liveKey } from '../../data/api.ts';
import { usePageHead } from '../../head.tsx';
import { safeDraft } from '../../lib/cms-client.ts';
import { liveBaseOf } from '../../lib/site-urls.ts';
import { paths } from '../../../site/paths.ts';
import { loadAside, loadAuthor, loadDraft, loadLatest } from './data.ts';
import { readPreview, savePreviewLatest, savePreviewPost, savePreviewRelated, type KeptPreview } from './storage.ts';

/** noindex in the live document too: a crawler that runs scripts reads the head after this. */
function useRobotsNoindex(): void {
  useEffect(() => {
    let meta = document.head.querySelector<HTMLMetaElement>('meta[name="robots"]');
    const created = !meta;
    const before = meta?.content;
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'robots';
      document.head.appendChild(meta);
    }
    meta.content = 'noindex';
    return () => {
      if (created) meta.remove();
      else if (before !== undefined) meta.content = before;
    };
  }, []);
}

/** Failures of the side calls are logged only, as warnings. */
function logged<T>(what: string, p: Promise<T>): Promise<T> {
  return p.catch((e: unknown) => {
    console.warn(`Preview: ${what} failed: ${(e as Error).message}`);
    throw e;
  });
}

export default function PreviewPage() {
  const { cat_slug = '', post_name = '' } = useParams();
  const config = useSite();
  const { site } = config;
  const base = liveBaseOf(config);
  const path = paths.preview(cat_slug, post_name);
  useRobotsNoindex();

  const draft = useQuery({
    queryKey: liveKey(ep.previewPost(cat_slug, post_name)),
    queryFn: ({ signal }) => loadDraft(base, cat_slug, post_name, signal),
  });
  const post = draft.data?.kind === 'post' ? draft.data.post : undefined;
  const aside = useQuery({ queryKey: liveKey(ep.asideTopic(cat_slug)), queryFn: ({ signal }) => logged('related posts', loadAside(base, cat_slug, signal)) });
  const latest = useQuery({ queryKey: liveKey(ep.latest()), queryFn: ({ signal }) => logged('latest posts', loadLatest(base, signal)) });
  const authorId = post?.post_author_id;
  const author = useQuery({
    queryKey: liveKey(ep.authorById(authorId ?? 0)),
    queryFn: ({ signal }) => logged('author', loadAuthor(base, authorId!, signal)),
    enabled: authorId !== undefined,
  });

  // The copy kept by an earlier visit of this URL, read after mount (storage is browser-only).
  const [kept, setKept] = useState<KeptPreview>({});
  useEffect(() => {
    const k = readPreview(path);
    let keptPost: Post | undefined;
    try {
      keptPost = k.post ? safeDraft(k.post) : undefined;
    } catch {
      keptPost = undefined;
    }
    setKept({ ...k, post: keptPost });
  }, [path]);
  useEffect(() => {
    if (post) savePreviewPost(path, post);
  }, [path, post]);
  useEffect(() => {
    if (aside.data) savePreviewRelated(path, aside.data);
  }, [path, aside.data]);
  useEffect(() => {
    if (latest.data) savePreviewLatest(path, latest.data);
  }, [path, latest.data]);

  const shown = post ?? (draft.isPending ? kept.post : undefined);
  const sectionTitle = shown ? articleSiteTitle(shown, config) : site.name;
  usePageHead({
    title: shown ? `Preview: ${shown.post_title} | ${sectionTitle}` : `Preview | ${site.name}`,
    siteName: sectionTitle,
    description: shown ? articleDescription(shown) : undefined,
    noindex: true,
    canonicalPath: path,
  });

  if (draft.data?.kind === 'unknown') return <Navigate to="/404" replace />;
  if (draft.error) {
    return (
      <div className="article-page container">
        <p className="article-error" role="alert">
          Error: {draft.error.message}
        </p>
      </div>
    );
  }
  // The shell's h1 (App.tsx ShellPending), written out: importing it would split the client entry.
  if (!shown) return <ArticleSkeleton heading="Article preview" />;
  const asideData = aside.data ?? (aside.isPending ? kept.related : undefined);
  const latestData = latest.data ?? (latest.isPending ? kept.latest : undefined);
  return (
    <ArticleView
      preview
      post={shown}
      author={{ data: author.data ?? undefined, loading: authorId === undefined ? draft.isPending : author.isPending }}
      latest={{ data: latestData, loading: latest.isPending && !latestData }}
      aside={{ data: asideData, loading: aside.isPending && !asideData }}
    />
  );
}
