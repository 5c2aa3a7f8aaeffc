import { photoUrl } from '../api/news';
import './NewsPhoto.css';

/** An article's photo, or a placeholder of the same size when it has none. */
export function NewsPhoto({ photo, alt, className = '' }: { photo: string | null; alt: string; className?: string }) {
  if (!photo) {
    return (
      <div className={`news-photo news-photo--empty ${className}`}>
        <span>No photo</span>
      </div>
    );
  }
  return <img className={`news-photo ${className}`} src={photoUrl(photo)} alt={alt} loading="lazy" decoding="async" />;
}
