// Placeholder while data or a page chunk really loads on the client, never for prerendered content.
export function PageSkeleton({ label = 'Loading…', lines = 6 }: { label?: string; lines?: number }) {
  return (
    <div className="skeleton-page" role="status" aria-live="polite" aria-busy="true">
      <span className="visually-hidden">{label}</span>
      <div className="skeleton skeleton-title" />
      {Array.from({ length: lines }, (_, i) => (
        <div key={i} className="skeleton skeleton-line" style={{ width: `${90 - ((i * 13) % 35)}%` }} />
      ))}
    </div>
  );
}
