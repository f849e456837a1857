import * as React from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { aiAppSchema } from '@buildai/domain';
import { ToolForm } from './tool-form';

const app = aiAppSchema.parse({
  header: 'Caption writer',
  isInputHidden: true,
  fields: [{ name: 'topic', label: 'Topic', type: 'text', required: true }],
});

function Harness({ onGenerate, onStop }: { onGenerate: () => void; onStop: () => void }) {
  const [running, setRunning] = React.useState(false);
  return (
    <ToolForm
      app={app}
      running={running}
      onGenerate={() => {
        onGenerate();
        setRunning(true);
      }}
      onStop={() => {
        onStop();
        setRunning(false);
      }}
    />
  );
}

describe('ToolForm', () => {
  it('asks for required fields before generating', () => {
    const onGenerate = vi.fn();
    render(<Harness onGenerate={onGenerate} onStop={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Generate' }));
    expect(onGenerate).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe('Please fill in all required fields');
  });

  it('Stop stops without starting a new run', () => {
    const onGenerate = vi.fn();
    const onStop = vi.fn();
    render(<Harness onGenerate={onGenerate} onStop={onStop} />);
    fireEvent.change(screen.getByLabelText(/Topic/), { target: { value: 'coffee' } });
    const generate = screen.getByRole('button', { name: 'Generate' });
    fireEvent.click(generate);
    expect(onGenerate).toHaveBeenCalledTimes(1);
    const stop = screen.getByRole('button', { name: 'Stop' });
    // a reused <button> would switch to type=submit mid-click in browsers and submit the form again
    expect(stop).not.toBe(generate);
    expect(stop.getAttribute('type')).toBe('button');
    fireEvent.click(stop);
    expect(onStop).toHaveBeenCalledTimes(1);
    expect(onGenerate).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Generate' })).toBeTruthy();
  });
});

describe('ToolForm main input', () => {
  it('shows the default label and placeholder when the tool leaves them empty', () => {
    render(<ToolForm app={aiAppSchema.parse({ header: 'T' })} />);
    const input = screen.getByLabelText(/Your input/) as HTMLTextAreaElement;
    expect(input.placeholder).toBe('Type here...');
  });

  it('has no main input when hidden', () => {
    render(<ToolForm app={aiAppSchema.parse({ header: 'T', isInputHidden: true, examples: ['x'] })} />);
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'x' })).toBeNull();
  });

  it('fills the main input from a clicked example and sends it', () => {
    const onGenerate = vi.fn();
    const withExamples = aiAppSchema.parse({
      header: 'Slogans',
      inputLabel: 'Your product',
      inputPlaceholder: 'Describe it',
      examples: ['A coffee shop in Lisbon', 'An app for dog walkers'],
    });
    render(<ToolForm app={withExamples} onGenerate={onGenerate} />);
    const input = screen.getByLabelText(/Your product/) as HTMLTextAreaElement;
    expect(input.placeholder).toBe('Describe it');
    fireEvent.click(screen.getByRole('button', { name: 'An app for dog walkers' }));
    expect(input.value).toBe('An app for dog walkers');
    fireEvent.click(screen.getByRole('button', { name: 'Generate' }));
    expect(onGenerate).toHaveBeenCalledWith({ input: 'An app for dog walkers' });
  });

  it('keeps a collapsed main input behind a button, optional, until opened', () => {
    const onGenerate = vi.fn();
    const collapsed = aiAppSchema.parse({
      header: 'T',
      inputLabel: 'Extra notes',
      isInputCollapsed: true,
      fields: [{ name: 'city', label: 'City', type: 'text' }],
    });
    render(<ToolForm app={collapsed} onGenerate={onGenerate} />);
    expect(screen.queryByRole('textbox', { name: /Extra notes/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Generate' }));
    expect(onGenerate).toHaveBeenCalledWith({ input: '', city: '' });
    fireEvent.click(screen.getByRole('button', { name: 'Extra notes' }));
    expect(screen.getByRole('textbox', { name: /Extra notes/ })).toBeTruthy();
  });

  it('shows what a run costs', () => {
    const { rerender } = render(<ToolForm app={app} creditsPerRun={3} />);
    expect(screen.getByText('3 credits per run')).toBeTruthy();
    rerender(<ToolForm app={app} creditsPerRun={1} />);
    expect(screen.getByText('1 credit')).toBeTruthy();
    rerender(<ToolForm app={app} creditsPerRun={0} />);
    expect(screen.queryByText(/credit/)).toBeNull();
  });

  it('pre-fills default values that arrive later, without overwriting what the user typed', () => {
    const two = aiAppSchema.parse({
      isInputHidden: true,
      fields: [
        { name: 'name', label: 'Name', type: 'text' },
        { name: 'city', label: 'City', type: 'text' },
      ],
    });
    const { rerender } = render(<ToolForm app={two} defaultValues={{}} />);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Ana' } });
    rerender(<ToolForm app={two} defaultValues={{ name: 'Remembered', city: 'Porto' }} />);
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Ana');
    expect((screen.getByLabelText('City') as HTMLInputElement).value).toBe('Porto');
  });
});
