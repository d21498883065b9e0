// The article's video when a podcast link exists: the iframe src is rebuilt by videoEmbedUrl() from
// an allow-listed link, else no iframe (docs/architecture.md, "Untrusted input").
import { videoEmbedUrl } from '../../../api/video.ts';

export function VideoEmbed({ link, title }: { link: string | null | undefined; title: string }) {
  const src = videoEmbedUrl(link);
  if (!src) return null;
  return (
    <div className="article-video">
      <iframe
        src={src}
        title={`Video: ${title}`}
        loading="lazy"
        allowFullScreen
        allow="accelerometer; encrypted-media; gyroscope; picture-in-picture"
        referrerPolicy="strict-origin-when-cross-origin"
      />
    </div>
  );
}

/** docs/pages.md, "Article": the hero image shows only when there is no podcast link, a banner exists and banner_show is 1. */
export function showsHero(post: { podcast_link: string | null | undefined; banner_img: string | null | undefined; banner_show: number | null | undefined }): boolean {
  return !post.podcast_link && !!post.banner_img && Number(post.banner_show) === 1;
}
