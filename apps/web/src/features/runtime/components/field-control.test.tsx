import * as React from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { aiAppSchema, type CustomField } from '@buildai/domain';
import { FieldControl, type FieldValue } from './field-control';
import { parseMeasure } from './measure-input';
import { ToolForm } from './tool-form';

function Controlled({ field, initial = '' }: { field: CustomField; initial?: FieldValue }) {
  const [value, setValue] = React.useState<FieldValue>(initial);
  return (
    <>
      <span id="f-label">{field.label}</span>
      <FieldControl field={field} id="f" value={value} onChange={setValue} />
      <output data-testid="value">{JSON.stringify(value)}</output>
    </>
  );
}
const field = (over: Partial<CustomField>) =>
  aiAppSchema.parse({ fields: [{ name: 'f', label: 'F', ...over }] }).fields[0]!;
const value = () => JSON.parse(screen.getByTestId('value').textContent!) as FieldValue;

describe('FieldControl', () => {
  it('multiselect toggles options and shows their icons', () => {
    render(
      <Controlled
        field={field({
          type: 'multiselect',
          options: [{ label: 'Beach', iconUrl: '/api/files/beach.png' }, { label: 'Mountains' }],
        })}
      />,
    );
    const beach = screen.getByRole('button', { name: 'Beach' });
    expect(beach.querySelector('img')?.getAttribute('src')).toBe('/api/files/beach.png');
    fireEvent.click(beach);
    fireEvent.click(screen.getByRole('button', { name: 'Mountains' }));
    expect(value()).toEqual(['Beach', 'Mountains']);
    expect(beach.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(beach);
    expect(value()).toEqual(['Mountains']);
  });

  it('tool_item_select picks one of the items given in its options', () => {
    render(
      <Controlled
        field={field({ type: 'tool_item_select', options: [{ label: 'Plan A' }, { label: 'Plan B' }] })}
      />,
    );
    const select = screen.getByRole('combobox') as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual(['Choose an item', 'Plan A', 'Plan B']);
    fireEvent.change(select, { target: { value: 'Plan B' } });
    expect(value()).toBe('Plan B');
  });

  it('a select with option icons is a single-choice chip group', () => {
    render(
      <Controlled
        field={field({ type: 'select', options: [{ label: 'Cat', iconUrl: '/c.png' }, { label: 'Dog' }] })}
      />,
    );
    fireEvent.click(screen.getByRole('radio', { name: 'Cat' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Dog' }));
    expect(value()).toBe('Dog');
  });

  it('height and weight send a number with its unit', () => {
    render(<Controlled field={field({ type: 'height' })} />);
    fireEvent.change(screen.getByRole('spinbutton'), { target: { value: '180' } });
    expect(value()).toBe('180 cm');
    fireEvent.change(screen.getByRole('combobox', { name: 'Height unit' }), { target: { value: 'in' } });
    expect(value()).toBe('180 in');
    expect(parseMeasure('72 lb', 'weight')).toEqual({ amount: '72', unit: 'lb' });
    expect(parseMeasure('', 'weight')).toEqual({ amount: '', unit: 'kg' });
  });

  it('place is a text input with an address autocomplete; email an email input', () => {
    const { unmount } = render(<Controlled field={field({ type: 'place' })} />);
    expect(screen.getByRole('textbox').getAttribute('autocomplete')).toBe('address-level2');
    unmount();
    render(<Controlled field={field({ type: 'email' })} />);
    expect(screen.getByRole('textbox').getAttribute('type')).toBe('email');
  });

  it('photo reads the chosen image as a data URL and previews it', async () => {
    render(<Controlled field={field({ type: 'photo' })} />);
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' });
    fireEvent.change(document.getElementById('f')!, { target: { files: [file] } });
    const img = await screen.findByRole('img', { name: 'me.png' });
    expect(img.getAttribute('src')).toBe('data:image/png;base64,iVBORw==');
    expect(value()).toBe('data:image/png;base64,iVBORw==');
    fireEvent.click(screen.getByRole('button', { name: 'Remove photo' }));
    expect(value()).toBe('');
  });

  it('photo refuses images of 10,000,000 bytes or more', () => {
    render(<Controlled field={field({ type: 'photo' })} />);
    const big = new File(['x'], 'big.png', { type: 'image/png' });
    Object.defineProperty(big, 'size', { value: 10_000_000 });
    fireEvent.change(document.getElementById('f')!, { target: { files: [big] } });
    expect(screen.getByText('File size to large')).toBeTruthy();
    expect(value()).toBe('');
  });

  it('every type renders inside a tool form and a required multiselect is checked', () => {
    const onGenerate = vi.fn();
    const all = aiAppSchema.parse({
      isInputHidden: true,
      fields: [
        { name: 'a', label: 'A', type: 'text' },
        { name: 'b', label: 'B', type: 'long_text' },
        { name: 'c', label: 'C', type: 'select', options: [{ label: 'x' }] },
        { name: 'd', label: 'D', type: 'multiselect', required: true, options: [{ label: 'y' }] },
        { name: 'e', label: 'E', type: 'email' },
        { name: 'f', label: 'F', type: 'place' },
        { name: 'g', label: 'G', type: 'photo', instructions: 'A clear face photo' },
        { name: 'h', label: 'H', type: 'height' },
        { name: 'i', label: 'I', type: 'weight' },
        { name: 'j', label: 'J', type: 'tool_item_select', options: [{ label: 'z' }] },
      ],
    });
    render(<ToolForm app={all} onGenerate={onGenerate} />);
    expect(screen.getByText('A clear face photo')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Generate' }));
    expect(screen.getByRole('alert').textContent).toBe('Please fill in all required fields');
    fireEvent.click(screen.getByRole('button', { name: 'y' }));
    fireEvent.click(screen.getByRole('button', { name: 'Generate' }));
    expect(onGenerate).toHaveBeenCalledWith({
      a: '',
      b: '',
      c: '',
      d: ['y'],
      e: '',
      f: '',
      g: '',
      h: '',
      i: '',
      j: '',
    });
  });
});
