import { assetUrl } from '@hap/contracts';
import { responsiveImage } from '@hap/contracts';
import { useEffect, useRef, useState, type ReactNode } from 'react';

interface SafeImageProps {
  path: string | null | undefined;
  alt: string;
  /** The CSS width the image is shown at, for choosing the variant in `src`. */
  slotWidth: number;
  /** `sizes` for the srcset. */
  sizes: string;
  /** The box to reserve when the stored path does not carry the image's size. */
  width: number;
  height: number;
  className?: string;
  priority?: boolean;
  /** Shown instead when there is no image or it fails to load: never a broken image. */
  fallback: ReactNode;
}

/**
 * An uploaded image with its WebP variants and a fixed box (no layout shift),
 * lazy unless it is the hero's. A missing file shows the fallback, also when
 * it failed before hydration (the error event came before React listened).
 */
export function SafeImage({ path, alt, slotWidth, sizes, width, height, className, priority, fallback }: SafeImageProps) {
  const url = assetUrl(path);
  const ref = useRef<HTMLImageElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const img = ref.current;
    if (img?.complete && img.naturalWidth === 0) setFailed(true);
  }, []);
  if (!url || failed) return <>{fallback}</>;
  const image = responsiveImage(url, slotWidth);
  return (
    <img
      ref={ref}
      className={className}
      src={image.src}
      srcSet={image.srcSet}
      sizes={image.srcSet ? sizes : undefined}
      width={image.width ?? width}
      height={image.height ?? height}
      alt={alt}
      loading={priority ? undefined : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      onError={() => setFailed(true)}
    />
  );
}
