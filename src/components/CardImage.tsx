// A card's picture at the size shown (issue 16): its WebP variants as `srcset` with the card's `sizes`, width and
// height so nothing shifts while it loads, loaded lazily; 画像なし when there is no picture. The community, partner
// and brand/ambassador list cards share it.
import { ja } from '#src/i18n/ja';
import { imageSrcSet } from '#src/modules/uploads/uploads.shared';

export function CardImage({ url, sizes, width, height }: { url: string | null; sizes: string; width: number; height: number }) {
  if (!url) return <span>{ja.partners.noImage}</span>;
  return <img src={url} srcSet={imageSrcSet(url)} sizes={sizes} alt="" loading="lazy" decoding="async" width={width} height={height} />;
}
