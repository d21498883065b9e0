// Share buttons (docs/pages.md, "Shared shell"): Facebook (550x400 window), Twitter, LinkedIn and, where
// asked, Instagram (600x400); size 27. Windows open only on click.
import { pageAbsoluteUrl } from '../../site/paths.ts';
import { useSite } from '../context.tsx';

const SIZE = 27;

function popup(url: string, w: number, h: number) {
  const left = Math.max(0, Math.round((window.screen.width - w) / 2));
  const top = Math.max(0, Math.round((window.screen.height - h) / 2));
  window.open(url, 'share', `width=${w},height=${h},left=${left},top=${top},noopener,noreferrer`);
}

const ICONS: Record<string, string> = {
  facebook: 'M14 8h3V4h-3c-2.8 0-4 1.9-4 4.3V10H7v4h3v8h4v-8h3l1-4h-4V8.6c0-.4.3-.6.6-.6Z',
  twitter: 'M4 4h4.5l4 5.5L17 4h3l-6 7.3L21 20h-4.5l-4.3-5.9L7 20H4l6.7-8.1Z',
  linkedin: 'M5 9h3v11H5Zm1.5-5A1.75 1.75 0 1 1 6.5 7.5 1.75 1.75 0 0 1 6.5 4ZM10 9h3v1.6c.5-.9 1.7-1.8 3.4-1.8 3.2 0 3.6 2.1 3.6 4.8V20h-3v-5.6c0-1.3 0-3-1.9-3s-2.1 1.4-2.1 2.9V20h-3Z',
  instagram: 'M7 3h10a4 4 0 0 1 4 4v10a4 4 0 0 1-4 4H7a4 4 0 0 1-4-4V7a4 4 0 0 1 4-4Zm5 5a4 4 0 1 0 0 8 4 4 0 0 0 0-8Zm5.5-1.5a1 1 0 1 0 0 2 1 1 0 0 0 0-2Z',
};

function Icon({ name }: { name: string }) {
  return (
    <svg width={SIZE} height={SIZE} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={ICONS[name]} fill="currentColor" />
    </svg>
  );
}

export function ShareButtons({ path, title, instagram = false }: { path: string; title: string; instagram?: boolean }) {
  const { site } = useSite();
  const url = pageAbsoluteUrl(site, path);
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(title);
  const targets = [
    { key: 'facebook', label: 'Share on Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${u}`, w: 550, h: 400 },
    { key: 'twitter', label: 'Share on Twitter', href: `https://twitter.com/intent/tweet?url=${u}&text=${t}`, w: 550, h: 420 },
    { key: 'linkedin', label: 'Share on LinkedIn', href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}`, w: 550, h: 500 },
    ...(instagram ? [{ key: 'instagram', label: 'Share on Instagram', href: `https://www.instagram.com/?url=${u}`, w: 600, h: 400 }] : []),
  ];
  return (
    <div className="share-buttons" role="group" aria-label="Share">
      {targets.map((s) => (
        <a
          key={s.key}
          className={`share-button share-${s.key}`}
          href={s.href}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={s.label}
          style={{ width: SIZE, height: SIZE }}
          onClick={(e) => {
            e.preventDefault();
            popup(s.href, s.w, s.h);
          }}
        >
          <Icon name={s.key} />
        </a>
      ))}
    </div>
  );
}
