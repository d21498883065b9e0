// The empty list message (docs/pages.md, "Topic listing").
import type { ReactNode } from 'react';

export const NO_POSTS_HEADING = 'No Posts Available';
export const NO_POSTS_TEXT = 'Sorry, there are no posts available at the moment.';

export function EmptyState({ headingLevel = 2, children }: { headingLevel?: 1 | 2; children?: ReactNode }) {
  const H = `h${headingLevel}` as const;
  return (
    <div className="empty-state">
      <H className="empty-state-title">{NO_POSTS_HEADING}</H>
      <p>{NO_POSTS_TEXT}</p>
      {children}
    </div>
  );
}
