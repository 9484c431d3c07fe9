import { assetUrl } from '@hap/contracts';
import { responsiveImage } from '@hap/contracts';
import { useEffect, useRef, useState, type ReactNode } from 'react';

interface UploadedImageProps {
  /** The stored path (an upload, or an outside URL); nothing shows the fallback. */
  path: string | null | undefined;
  alt: string;
  /** The CSS width the image is shown at, to choose the variant in `src`. */
  slotWidth: number;
  /** `sizes` of the srcset. */
  sizes: string;
  /** The box to reserve when the stored path does not carry the image's size. */
  width: number;
  height: number;
  className?: string;
  /** The page's largest image (the hero): fetched first, never lazy. */
  priority?: boolean;
  /** Above the fold but not the largest (the top bar's logo): not lazy, normal priority. */
  eager?: boolean;
  /** Shown when there is no image or it fails to load: never a broken image icon. */
  fallback?: ReactNode;
}

/**
 * An uploaded image with its WebP variants (`responsiveImage`), width and
 * height set (no layout shift), lazy and async-decoded unless it is the hero's.
 * A file that fails to load shows the fallback, also when it failed before
 * hydration (the error event came before React listened).
 */
export function UploadedImage({ path, alt, slotWidth, sizes, width, height, className, priority, eager, fallback = null }: UploadedImageProps) {
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
      loading={priority || eager ? undefined : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      onError={() => setFailed(true)}
    />
  );
}
