// Event detail (docs/pages.md, "Event detail"), shared by /events/{slug} and /past-events/{slug}.
import { useEffect } from 'react';
import { useLocation, useParams } from 'react-router';
import { PageLink as Link, PageNavigate as Navigate } from '../PageLink.tsx';
import { ep } from '../../../api/endpoints.ts';
import type { EventDetailsResponse } from '../../../api/types.ts';
import { videoEmbedUrl } from '../../../api/video.ts';
import { paths, rebaseHtml, sitePathOf } from '../../../site/paths.ts';
import { AdSlot } from '../ads/AdSlot.tsx';
import { ApiImage } from '../ApiImage.tsx';
import { PageSkeleton } from '../PageSkeleton.tsx';
import { ShareButtons } from '../ShareButtons.tsx';
import { useSite } from '../../context.tsx';
import { useApi } from '../../data/api.ts';
import { usePageHead } from '../../head.tsx';
import { eventExcerpt, eventJsonLd, showEventBanner } from '../../lib/events.ts';
import { formatLongDate, isoDate } from '../../lib/format.ts';
import { ARTICLE_WIDTHS } from '../../lib/images.ts';
import { revealClass, useReveal } from '../../lib/reveal.ts';
import { basePathOf } from '../../lib/site-urls.ts';
import { EventSidebar } from './EventSidebar.tsx';
import { EventToc } from './EventToc.tsx';
import { ScrollToTop } from '../ScrollToTop.tsx';

export type EventVariant = 'upcoming' | 'past';

/** Ads beside the event: past events the second and third, upcoming the first and second (a choice:
 * docs/decisions/0021-open-page-behaviour-choices.md). */
const AD_PICK: Record<EventVariant, number[]> = { upcoming: [0, 1], past: [1, 2] };

/**
 * Block `i`'s classes: its fade-in and the `loaded` class, stepped in after hydration, never hiding
 * on-screen blocks (docs/decisions/0009-fade-ins-never-hide.md).
 */
function cls(i: number, shown: number, stepped: number): string {
  const c = revealClass(i, shown);
  return i < stepped ? `${c} loaded` : c;
}

export function EventDetail({ variant }: { variant: EventVariant }) {
  const { site, api } = useSite();
  const slug = useParams().event_slug ?? '';
  const { pathname } = useLocation();
  const { data, status, isLoading, error } = useApi<EventDetailsResponse>(ep.eventDetails(slug));
  const [ref, shown, stepped] = useReveal<HTMLDivElement>({ stepMs: 70, stepInView: true });
  const ev = data?.eventData?.[0];
  // One canonical per event (docs/decisions/0016-one-canonical-url-per-event.md): /events/{slug}.
  const path = paths.event(slug);

  usePageHead(
    ev
      ? {
          title: `${ev.event_title} | ${site.name}`,
          description: eventExcerpt(ev.event_desc, 160) || ev.event_title,
          image: ev.event_banner,
          canonicalPath: path,
          jsonLd: [eventJsonLd(ev, { siteUrl: site.url, trailingSlash: site.trailingSlash, imageHost: api.imageHost, path })],
        }
      : { title: `Events | ${site.name}`, noindex: true, canonicalPath: path },
  );

  // Scroll to top on load (and when another event opens in the same page).
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [slug]);

  if (isLoading) return <PageSkeleton label="Loading event…" />;
  // A failed read shows 'Error: {message}'.
  const problem = error?.message ?? (status !== undefined && status >= 500 && status !== 501 ? `HTTP error! Status: ${status}` : null);
  if (problem) {
    return (
      <section className="event-detail container">
        <p className="event-error" role="alert">Error: {problem}</p>
      </section>
    );
  }
  // Details answered 501 -> /events/{event_slug}; already there, show not-found (no loop).
  const target = paths.event(slug);
  if (status === 501 && sitePathOf(pathname) !== target) return <Navigate to={target} replace />;
  if (!ev) {
    return (
      <section className="not-found container">
        <h1>Error 404 - Not Found</h1>
        <p>This event does not exist or has moved.</p>
        <Link to="/" className="btn btn-primary">Go Back Home</Link>
      </section>
    );
  }

  const embed = ev.podcast_link ? videoEmbedUrl(ev.podcast_link) : null;
  return (
    <section className="event-detail container">
      <p className="event-detail-heading">{variant === 'past' ? 'Past Event' : 'Event'}</p>
      <div className="event-detail-layout">
        <div className="event-detail-main" ref={ref}>
          <header className={`event-detail-header ${cls(0, shown, stepped)}`}>
            <h1 className="event-detail-title">{ev.event_title}</h1>
            <p className="event-detail-meta">
              <time dateTime={isoDate(ev.event_date)}>{formatLongDate(ev.event_date)}</time>
              {ev.event_location ? <span className="event-detail-location">{ev.event_location}</span> : null}
            </p>
            <ShareButtons path={path} title={ev.event_title} instagram />
          </header>
          {showEventBanner(ev) ? (
            <div className={`event-detail-banner ${cls(1, shown, stepped)}`}>
              <ApiImage path={ev.event_banner} alt={ev.event_title} width={1000} height={563} request={1000} widths={ARTICLE_WIDTHS} sizes="(min-width: 992px) 66vw, 100vw" eager />
            </div>
          ) : null}
          {embed ? (
            <div className={`event-detail-video ${cls(1, shown, stepped)}`}>
              <iframe src={embed} title={`Video: ${ev.event_title}`} width={800} height={450} loading="lazy" allow="accelerometer; encrypted-media; gyroscope; picture-in-picture" allowFullScreen referrerPolicy="strict-origin-when-cross-origin" />
            </div>
          ) : null}
          <div className={cls(2, shown, stepped)}>
            <EventToc toc={ev.toc} />
          </div>
          {/* event_desc arrives sanitised in the snapshot (crawl normalisation); its site-relative links and images go under the base path. */}
          <div className={`event-detail-body cms-content ${cls(3, shown, stepped)}`} dangerouslySetInnerHTML={{ __html: rebaseHtml(basePathOf({ site }), ev.event_desc) }} />
          {ev.event_link && /^https?:\/\//i.test(ev.event_link) ? (
            <p className={cls(4, shown, stepped)}>
              <a className="btn btn-primary" href={ev.event_link} target="_blank" rel="noopener noreferrer">
                Event website
              </a>
            </p>
          ) : null}
        </div>
        <div className="event-detail-aside">
          <EventSidebar />
          <AdSlot pick={AD_PICK[variant]} width={300} height={250} className="ad-slot event-ads" label="Advertisements beside the event" />
        </div>
      </div>
      <ScrollToTop />
    </section>
  );
}
