// The article layout's placeholder while a post really loads on the client (never prerendered). The
// headline is unknown, so the one h1 is for assistive technology only.
export function ArticleSkeleton({ heading = 'Article' }: { heading?: string }) {
  return (
    <div className="article-page container" role="status" aria-busy="true" aria-live="polite">
      <h1 className="visually-hidden">{heading}</h1>
      <span className="visually-hidden">Loading article…</span>
      <div className="article-layout">
        <div className="article-main">
          <div className="skeleton skeleton-title" />
          <div className="skeleton skeleton-line" style={{ width: '40%' }} />
          <div className="skeleton skeleton-hero" />
          {Array.from({ length: 8 }, (_, i) => (
            <div key={i} className="skeleton skeleton-line" style={{ width: `${95 - ((i * 17) % 30)}%` }} />
          ))}
        </div>
        <div className="article-aside">
          <div className="skeleton skeleton-ad" />
          {Array.from({ length: 4 }, (_, i) => (
            <div key={i} className="skeleton skeleton-line" />
          ))}
        </div>
      </div>
    </div>
  );
}
