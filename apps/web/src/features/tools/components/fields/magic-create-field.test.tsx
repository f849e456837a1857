import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorReply, mockApi } from '@/test/mock-api';
import { field, setupFieldsPanel as setup } from './fields-test-kit';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('magic create', () => {
  const describeField = (text: string) => {
    fireEvent.change(screen.getByLabelText('Describe the field'), { target: { value: text } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
  };

  it('sends the description with the prompt and adds the field', async () => {
    const api = mockApi({
      'POST /api/builder/magicCreate': {
        body: { result: { name: 'ageGroup', field: { name: 'ageGroup', label: 'Age group', type: 'text' } } },
      },
    });
    const { last } = setup({ fields: [field('topic', 'Topic')] });
    describeField('the age group of the reader');
    await waitFor(() => expect(last().fields).toHaveLength(2));
    expect(api.to('POST /api/builder/magicCreate')[0]!.body).toEqual({
      appId: 'a1',
      toolId: 't1',
      input: 'the age group of the reader',
      magicType: 'field',
      prompt: 'Write about {{topic}}',
    });
    expect(last().fields![1]).toEqual(field('ageGroup', 'Age group'));
  });

  it('a blank description sends nothing; the description is trimmed, then the box empties', async () => {
    const api = mockApi({
      'POST /api/builder/magicCreate': {
        body: { result: { name: 'ageGroup', field: { name: 'ageGroup', label: 'Age group', type: 'text' } } },
      },
    });
    const { last } = setup();
    const box = () => screen.getByLabelText('Describe the field') as HTMLInputElement;
    fireEvent.change(box(), { target: { value: '   ' } });
    expect((screen.getByRole('button', { name: 'Create' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.submit(screen.getByRole('form', { name: 'Magic create' }));
    await new Promise((r) => setTimeout(r, 20));
    expect(api.to('POST /api/builder/magicCreate')).toHaveLength(0);
    describeField('  the age group  ');
    await waitFor(() => expect(last().fields).toHaveLength(1));
    expect(api.to('POST /api/builder/magicCreate')[0]!.body).toMatchObject({ input: 'the age group' });
    await waitFor(() => expect(box().value).toBe(''));
  });

  it('a refusal keeps the description so it can be reworded', async () => {
    mockApi({ 'POST /api/builder/magicCreate': errorReply('magic/failed') });
    setup();
    describeField('topic');
    expect(await screen.findByText('Magic edit failed')).toBeTruthy();
    expect((screen.getByLabelText('Describe the field') as HTMLInputElement).value).toBe('topic');
    expect(screen.getByRole('button', { name: 'Create' })).toBeTruthy();
  });

  it('a generated email field is stored personal', async () => {
    mockApi({
      'POST /api/builder/magicCreate': {
        body: { result: { name: 'email', field: { name: 'email', label: 'Your email', type: 'email' } } },
      },
    });
    const { last } = setup();
    describeField('their email');
    await waitFor(() => expect(last().fields).toHaveLength(1));
    expect(last().fields![0]).toEqual(field('email', 'Your email', { type: 'email', personal: true }));
  });

  it('a generated name that exists: the different-name message', async () => {
    mockApi({ 'POST /api/builder/magicCreate': errorReply('field/generated-exists') });
    const { onChange } = setup();
    describeField('topic');
    expect(await screen.findByText('Magic edit failed, try again using a different field name')).toBeTruthy();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('a model failure: Magic edit failed', async () => {
    mockApi({ 'POST /api/builder/magicCreate': errorReply('magic/failed') });
    setup();
    describeField('topic');
    expect(await screen.findByText('Magic edit failed')).toBeTruthy();
  });

  it('a field that exists here: the different-name message', async () => {
    mockApi({
      'POST /api/builder/magicCreate': {
        body: { result: { name: 'subject', field: { name: 'subject', label: 'TOPIC', type: 'text' } } },
      },
    });
    const { onChange } = setup({ fields: [field('topic', 'Topic')] });
    describeField('topic');
    expect(await screen.findByText('Magic edit failed, try again using a different field name')).toBeTruthy();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('a field that cannot be added: Failed creating the field', async () => {
    mockApi({
      'POST /api/builder/magicCreate': {
        body: { result: { name: 'x', field: { name: 'not valid', label: 'Age', type: 'text' } } },
      },
    });
    const { onChange } = setup();
    describeField('age');
    expect(await screen.findByText('Failed creating the field')).toBeTruthy();
    expect(onChange).not.toHaveBeenCalled();
  });
});
