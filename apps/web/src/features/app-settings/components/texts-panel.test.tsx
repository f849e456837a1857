import * as React from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aiAppSchema, DEFAULT_INPUT_PLACEHOLDER, type AiApp, type AiAppInput } from '@buildai/domain';
import { toSavedDefinition } from '@/lib/tool-draft';
import { TextsPanel } from './texts-panel';

function renderPanel(initial: AiAppInput = {}) {
  const seen: { draft: AiApp } = { draft: aiAppSchema.parse(initial) };
  function Host() {
    const [draft, setDraft] = React.useState(seen.draft);
    return (
      <TextsPanel
        draft={draft}
        onChange={(patch) =>
          setDraft((d) => {
            seen.draft = { ...d, ...patch };
            return seen.draft;
          })
        }
      />
    );
  }
  render(<Host />);
  return seen;
}

describe('the texts panel', () => {
  it('shows the default placeholder, and a placeholder equal to it is saved as empty', () => {
    const seen = renderPanel();
    const input = screen.getByLabelText('Input placeholder') as HTMLInputElement;
    expect(input.placeholder).toBe('Type here...');
    expect(input.value).toBe('');
    fireEvent.change(input, { target: { value: DEFAULT_INPUT_PLACEHOLDER } });
    expect(seen.draft.inputPlaceholder).toBe('Type here...');
    expect(toSavedDefinition(seen.draft).inputPlaceholder).toBe('');
    fireEvent.change(input, { target: { value: 'Your topic' } });
    expect(toSavedDefinition(seen.draft).inputPlaceholder).toBe('Your topic');
  });

  it('offers up to three examples; empty ones are dropped when saved', () => {
    const seen = renderPanel();
    const add = screen.getByRole('button', { name: 'Add example' }) as HTMLButtonElement;
    fireEvent.click(add);
    fireEvent.click(add);
    fireEvent.click(add);
    expect(add.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Example 1'), { target: { value: ' green tea ' } });
    fireEvent.change(screen.getByLabelText('Example 3'), { target: { value: 'coffee' } });
    expect(seen.draft.examples).toEqual([' green tea ', '', 'coffee']);
    expect(toSavedDefinition(seen.draft).examples).toEqual(['green tea', 'coffee']);

    fireEvent.click(screen.getByRole('button', { name: 'Remove example 2' }));
    expect(seen.draft.examples).toEqual([' green tea ', 'coffee']);
    expect(add.disabled).toBe(false);
  });

  it('disables Collapse main input while the tool has no inputs', () => {
    renderPanel({ isInputHidden: true });
    const collapse = screen.getByRole('switch', { name: 'Collapse main input' }) as HTMLButtonElement;
    expect(collapse.disabled).toBe(true);
    expect(screen.getByText('Your tool has no inputs yet.')).toBeTruthy();
    fireEvent.click(screen.getByRole('switch', { name: 'Hide main input' }));
    expect(collapse.disabled).toBe(false);
  });

  it('a tool with custom fields has inputs even with the main input hidden', () => {
    renderPanel({ isInputHidden: true, fields: [{ name: 'topic', label: 'Topic' }] });
    expect((screen.getByRole('switch', { name: 'Collapse main input' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });

  it('edits the header, subheader, input label and welcome message', () => {
    const seen = renderPanel();
    fireEvent.change(screen.getByLabelText('Header'), { target: { value: 'Slogan maker' } });
    fireEvent.change(screen.getByLabelText('Subheader'), { target: { value: 'Catchy slogans.' } });
    fireEvent.change(screen.getByLabelText('Input Label'), { target: { value: 'Topic' } });
    fireEvent.change(screen.getByLabelText('Welcome Message'), { target: { value: 'Hi!' } });
    expect(seen.draft).toMatchObject({
      header: 'Slogan maker',
      description: 'Catchy slogans.',
      inputLabel: 'Topic',
      welcomeMessage: 'Hi!',
    });
  });
});
