import * as React from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { aiAppSchema } from '@buildai/domain';
import { ToolForm } from './tool-form';

const app = aiAppSchema.parse({
  header: 'Caption writer',
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
