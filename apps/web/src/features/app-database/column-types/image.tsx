import { Image } from 'lucide-react';
import { ImageEditor } from '../components/image-editor';
import { isBlank } from '../lib/cell-values';
import { plainCodec, type ColumnType } from './column-type';

/**
 * A property whose name has 'image' in it, whatever its JSON type (spec 001 §3): its URL, shown as a thumbnail
 * and the address, typed or uploaded in the image editor.
 */
export const imageColumn: ColumnType<'image'> = {
  dataType: 'image',
  label: 'Image',
  icon: Image,
  width: 100,
  matches: (name) => name.toLowerCase().includes('image'),
  view: {
    plain: false,
    render: (value) =>
      isBlank(value) ? null : (
        <>
          <img
            src={String(value)}
            alt=""
            loading="lazy"
            decoding="async"
            className="size-7 shrink-0 rounded border bg-muted object-cover"
          />
          <span className="truncate text-xs text-muted-foreground">{String(value)}</span>
        </>
      ),
  },
  codec: plainCodec,
  click: () => 'inline',
  Editor: ImageEditor,
};
