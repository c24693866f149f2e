// A picture at the size shown: its WebP variants as `srcset` with the place's `sizes`, width and height so
// nothing shifts while it loads, loaded lazily unless `eager` (above the fold); 画像なし when there is no picture
// unless the place gives its own `fallback`. The community, partner and brand/ambassador list cards, the community
// page's brand chips and ambassadors, the guest's reservations and the host's list share it.
import type { ReactNode } from 'react';
import * as ja from '#src/i18n/ja';
import { imageSrcSet } from '#src/modules/uploads/uploads.shared';

export function CardImage(props: {
  url: string | null;
  sizes: string;
  width: number;
  height: number;
  className?: string;
  /** The image's text; empty when the picture only decorates a named link. */
  alt?: string;
  eager?: boolean;
  /** Shown without a picture (null: nothing); 画像なし when not given. */
  fallback?: ReactNode;
}) {
  const { url } = props;
  if (!url) return props.fallback === undefined ? <span>{ja.partners.noImage}</span> : props.fallback;
  return (
    <img
      className={props.className}
      src={url}
      srcSet={imageSrcSet(url)}
      sizes={props.sizes}
      alt={props.alt ?? ''}
      loading={props.eager ? undefined : 'lazy'}
      decoding="async"
      width={props.width}
      height={props.height}
    />
  );
}
