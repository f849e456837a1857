import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { aiAppSchema } from '@buildai/domain';
import { ToolForm } from './tool-form';

const stepped = aiAppSchema.parse({
  header: 'Trip planner',
  inputLabel: 'Anything else?',
  isMultiStepInput: true,
  inputSteps: [
    { id: 's1', title: 'About you' },
    { id: 's2', title: 'Your trip' },
    { id: 's3', title: 'Contact' },
  ],
  fields: [
    { name: 'name', label: 'Name', type: 'text', required: true },
    { name: 'city', label: 'Destination', type: 'text', required: true, stepId: 's2' },
    { name: 'days', label: 'Days', type: 'text', stepId: 's2' },
    { name: 'email', label: 'Email', type: 'email', required: true, stepId: 's3' },
    { name: 'lost', label: 'Budget', type: 'text', stepId: 'gone' },
  ],
});

const next = () => fireEvent.click(screen.getByRole('button', { name: 'Next' }));
const type = (label: RegExp | string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('ToolForm multi-step input', () => {
  it('walks the steps with per-step required checks, Back keeps the values, Generate sends everything', () => {
    const onGenerate = vi.fn();
    render(<ToolForm app={stepped} onGenerate={onGenerate} />);

    // step 1: main input, fields without a step and fields of an unknown step
    expect(screen.getByText('Step 1 of 3')).toBeTruthy();
    expect(screen.getByLabelText(/Anything else\?/)).toBeTruthy();
    expect(screen.getByLabelText(/Name/)).toBeTruthy();
    expect(screen.getByLabelText('Budget')).toBeTruthy();
    expect(screen.queryByLabelText(/Destination/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Generate' })).toBeNull();

    next();
    expect(screen.getByRole('alert').textContent).toBe('Please fill in all required fields');
    expect(screen.getByText('Step 1 of 3')).toBeTruthy();
    expect(screen.getByLabelText(/Name/).getAttribute('aria-invalid')).toBe('true');

    type(/Anything else\?/, 'Quiet places');
    type(/Name/, 'Ana');
    next();
    expect(screen.getByText('Step 2 of 3')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByLabelText(/Name/)).toBeNull();

    // step 2 checks only its own required field
    next();
    expect(screen.getByRole('alert').textContent).toBe('Please fill in all required fields');
    expect(screen.getByLabelText(/Destination/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Days').getAttribute('aria-invalid')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByText('Step 1 of 3')).toBeTruthy();
    expect((screen.getByLabelText(/Name/) as HTMLInputElement).value).toBe('Ana');
    next();
    type(/Destination/, 'Kyoto');
    next();

    expect(screen.getByText('Step 3 of 3')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Back' })).toBeTruthy();
    type(/Email/, 'not-an-email');
    fireEvent.click(screen.getByRole('button', { name: 'Generate' }));
    expect(screen.getByRole('alert').textContent).toBe('Enter a valid email address');
    expect(onGenerate).not.toHaveBeenCalled();

    type(/Email/, 'ana@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Generate' }));
    expect(onGenerate).toHaveBeenCalledTimes(1);
    expect(onGenerate).toHaveBeenCalledWith({
      input: 'Quiet places',
      name: 'Ana',
      lost: '',
      city: 'Kyoto',
      days: '',
      email: 'ana@example.com',
    });
  });

  it('marks the current step in the indicator', () => {
    render(<ToolForm app={stepped} />);
    const current = screen
      .getByRole('navigation', { name: 'Form steps' })
      .querySelector('[aria-current="step"]');
    expect(current?.textContent).toBe('About you');
  });

  it('skips steps without fields', () => {
    const sparse = aiAppSchema.parse({
      isInputHidden: true,
      isMultiStepInput: true,
      inputSteps: [
        { id: 'a', title: 'Empty' },
        { id: 'b', title: 'Only' },
      ],
      fields: [{ name: 'x', label: 'X', stepId: 'b' }],
    });
    render(<ToolForm app={sparse} />);
    expect(screen.queryByText(/Step 1 of/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Generate' })).toBeTruthy();
  });

  it('lets the builder preview page through steps without filling them', () => {
    render(<ToolForm app={stepped} preview idPrefix="preview" />);
    next();
    expect(screen.getByText('Step 2 of 3')).toBeTruthy();
    next();
    expect((screen.getByRole('button', { name: 'Generate' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
