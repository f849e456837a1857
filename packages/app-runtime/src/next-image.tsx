import type { CSSProperties, ImgHTMLAttributes } from 'react';

export interface NextImageProps extends Omit<
  ImgHTMLAttributes<HTMLImageElement>,
  'src' | 'width' | 'height'
> {
  src: string | { src: string; width?: number; height?: number };
  width?: number | string;
  height?: number | string;
  fill?: boolean;
  priority?: boolean;
  quality?: number | string;
  placeholder?: string;
  blurDataURL?: string;
  unoptimized?: boolean;
  loader?: unknown;
  overrideSrc?: string;
}

/** `next/image` (v0 writes it) as a plain image: `fill` covers its positioned parent, as Next's does. */
export default function Image(props: NextImageProps) {
  const {
    src,
    width,
    height,
    fill,
    priority,
    quality: _quality,
    placeholder: _placeholder,
    blurDataURL: _blur,
    unoptimized: _unoptimized,
    loader: _loader,
    overrideSrc,
    style,
    loading,
    ...rest
  } = props;
  const source = typeof src === 'string' ? src : src.src;
  const fillStyle: CSSProperties = fill
    ? { position: 'absolute', inset: 0, width: '100%', height: '100%' }
    : {};
  return (
    <img
      src={overrideSrc ?? source}
      width={fill ? undefined : width}
      height={fill ? undefined : height}
      loading={loading ?? (priority ? 'eager' : 'lazy')}
      decoding="async"
      style={{ ...fillStyle, ...style }}
      {...rest}
    />
  );
}
