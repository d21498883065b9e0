// A post listing's body (docs/pages.md, "Topic listing", "Search results"): three large cards, then a
// list beside Post-1 ads. Both blocks fade in (src/app/lib/reveal.ts), the second once the reader
// scrolled past `secondAfterScrollY` (when given).
import type { PostItem } from '../../../api/types.ts';
import { AdSlot } from '../ads/AdSlot.tsx';
import { PostCard, PostRow } from '../PostCard.tsx';
import { revealClass, useReveal } from '../../lib/reveal.ts';

/** Large cards on topic pages, and the first results as cards on search: 3. */
export const LARGE_CARDS = 3;
/** Thumbnail width of the list rows: 500. */
export const THUMB_WIDTH = 500;

export interface ListingBodyProps {
  posts: PostItem[];
  firstStepMs: number;
  secondStepMs: number;
  secondAfterScrollY?: number;
  /** Heading level of card titles (the page's h1 is above). */
  headingLevel?: 2 | 3;
  /** Show the Post-1 ads beside the list (topic pages). */
  sidebarAds?: boolean;
  /** Accessible name for the list of remaining posts. */
  listLabel?: string;
}

export function ListingBody({ posts, firstStepMs, secondStepMs, secondAfterScrollY, headingLevel = 2, sidebarAds = true, listLabel = 'More posts' }: ListingBodyProps) {
  const [firstRef, firstShown] = useReveal<HTMLDivElement>({ stepMs: firstStepMs });
  const [secondRef, secondShown] = useReveal<HTMLDivElement>({ stepMs: secondStepMs, afterScrollY: secondAfterScrollY });
  const large = posts.slice(0, LARGE_CARDS);
  const rest = posts.slice(LARGE_CARDS);
  return (
    <>
      <div className="listing-cards" ref={firstRef}>
        {large.map((p, i) => (
          <div key={p.id} className={`listing-card-cell ${revealClass(i, firstShown)}`}>
            <PostCard post={p} className="post-card post-card-large" headingLevel={headingLevel} eager={i === 0} request={500} sizes="(min-width: 992px) 33vw, (min-width: 768px) 50vw, 100vw" />
          </div>
        ))}
      </div>
      {rest.length > 0 || sidebarAds ? (
        <div className={sidebarAds ? 'listing-split' : 'listing-split listing-split-full'} ref={secondRef}>
          {rest.length > 0 ? (
            <section className="listing-list" aria-label={listLabel}>
              {rest.map((p, i) => (
                <div key={p.id} className={`listing-row-cell ${revealClass(i, secondShown)}`}>
                  <PostRow post={p} thumb={THUMB_WIDTH} request={THUMB_WIDTH} headingLevel={headingLevel} />
                </div>
              ))}
            </section>
          ) : (
            <div className="listing-list" />
          )}
          {sidebarAds ? (
            <div className="listing-sidebar">
              <AdSlot type="Post-1" pick={[0, 1, 2]} width={300} height={250} className="ad-slot ad-slot-sidebar" label="Advertisements beside the list" />
            </div>
          ) : null}
        </div>
      ) : null}
    </>
  );
}
