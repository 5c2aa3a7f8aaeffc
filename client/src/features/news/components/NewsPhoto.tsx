import { photoUrl } from '../api/news';
import './NewsPhoto.css';

/** The widths each photo is also stored at when narrower than it (server/news/photos/photo-sizes.ts). */
const SMALLER_WIDTHS = [480, 960];

/** Every stored size of a photo whose largest copy is `width` px wide, for `srcset`. */
export function photoSrcset(photo: string, width: number): string {
  const sized = SMALLER_WIDTHS.filter((target) => target < width).map(
    (target) => `${photoUrl(photo.replace(/\.webp$/, `-${target}.webp`))} ${target}w`,
  );
  return [...sized, `${photoUrl(photo)} ${width}w`].join(', ');
}

/** What NewsPhoto shows of an article: its photo and the photo's size (null for one stored before sizes were known). */
export interface PhotoOf {
  photo: string | null;
  photoWidth: number | null;
  photoHeight: number | null;
}

/**
 * An article's photo, or a placeholder of the same size when it has none: every stored size in
 * `srcset`, chosen by `sizes` (how wide the screen shows it: given the photo's own width, so the
 * browser never takes a photo as larger than it is), with its `width` and `height`.
 */
export function NewsPhoto({
  news,
  alt,
  sizes,
  className = '',
}: {
  news: PhotoOf;
  alt: string;
  sizes: (width: number) => string;
  className?: string;
}) {
  const { photo, photoWidth: width, photoHeight: height } = news;
  if (!photo) {
    return (
      <div className={`news-photo news-photo--empty ${className}`}>
        <span>No photo</span>
      </div>
    );
  }
  const responsive = width && height ? { srcSet: photoSrcset(photo, width), sizes: sizes(width), width, height } : {};
  return <img className={`news-photo ${className}`} src={photoUrl(photo)} {...responsive} alt={alt} loading="lazy" decoding="async" />;
}
