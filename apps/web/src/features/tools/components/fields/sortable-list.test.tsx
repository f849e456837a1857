import * as React from 'react';
import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dragWithKeyboard, layOutSortableRows } from '@/test/builder-test-kit';
import { moveById, SortableList } from './sortable-list';

const id = (s: string) => s;

describe('moveById', () => {
  it('moves an item down onto the place of another', () => {
    expect(moveById(['a', 'b', 'c', 'd'], id, 'a', 'c')).toEqual(['b', 'c', 'a', 'd']);
  });
  it('moves an item up', () => {
    expect(moveById(['a', 'b', 'c', 'd'], id, 'd', 'b')).toEqual(['a', 'd', 'b', 'c']);
  });
  it('leaves the list as it was for the same place or an unknown id', () => {
    expect(moveById(['a', 'b'], id, 'a', 'a')).toEqual(['a', 'b']);
    expect(moveById(['a', 'b'], id, 'a', 'zzz')).toEqual(['a', 'b']);
  });
});

function List({ onReorder }: { onReorder: (next: string[]) => void }) {
  const [items, setItems] = React.useState(['Topic', 'Tone', 'Length']);
  return (
    <SortableList
      aria-label="Rows"
      items={items}
      getId={id}
      onReorder={(next) => {
        onReorder(next);
        setItems(next);
      }}
      renderItem={(item, { handle }) => (
        <div>
          {handle({ label: `Move ${item}` })}
          {item}
        </div>
      )}
    />
  );
}

afterEach(() => vi.restoreAllMocks());

describe('SortableList with the keyboard', () => {
  it('Space picks a row up, ArrowDown moves it, Space drops it', async () => {
    layOutSortableRows();
    const onReorder = vi.fn();
    render(<List onReorder={onReorder} />);
    await dragWithKeyboard('Move Topic', ['ArrowDown']);
    expect(onReorder).toHaveBeenCalledWith(['Tone', 'Topic', 'Length']);
  });

  it('moves up with ArrowUp', async () => {
    layOutSortableRows();
    const onReorder = vi.fn();
    render(<List onReorder={onReorder} />);
    await dragWithKeyboard('Move Length', ['ArrowUp', 'ArrowUp']);
    expect(onReorder).toHaveBeenCalledWith(['Length', 'Topic', 'Tone']);
  });

  it('Escape cancels the move', async () => {
    layOutSortableRows();
    const onReorder = vi.fn();
    render(<List onReorder={onReorder} />);
    await dragWithKeyboard('Move Topic', ['ArrowDown'], 'Escape');
    expect(onReorder).not.toHaveBeenCalled();
  });
});
