// A round avatar: the image when there is one, otherwise the first letter of the name.
import type { CSSProperties } from 'react';
import { imageSrcSet } from '#src/modules/uploads/uploads.shared';
import './avatar.css';

export function Avatar({ url, name, size = 40 }: { url: string | null | undefined; name: string; size?: number }) {
  // Custom properties rather than inline width/height, so a page's stylesheet can still resize an avatar.
  const style = { '--avatar-size': `${size}px`, '--avatar-font-size': `${Math.round(size * 0.42)}px` } as CSSProperties;
  if (url) {
    return (
      <img
        className="avatar"
        src={url}
        srcSet={imageSrcSet(url, size)}
        sizes={`${size}px`}
        alt=""
        width={size}
        height={size}
        style={style}
        loading="lazy"
      />
    );
  }
  return (
    <span className="avatar avatar--initial" style={style} aria-hidden="true">
      {Array.from(name.trim())[0] ?? '?'}
    </span>
  );
}
