import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dragWithKeyboard, layOutSortableRows, makeBuilder } from '@/test/builder-test-kit';
import { field, setupFieldsPanel as setup } from './fields-test-kit';

const openAdd = () => fireEvent.click(screen.getByRole('button', { name: 'Add field' }));
const dialog = () => screen.getByRole('dialog');
const type = (label: string, value: string) =>
  fireEvent.change(within(dialog()).getByLabelText(label), { target: { value } });
/** the dialogs are react-hook-form forms: their check and send settle a tick after the click */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));
const submit = async () => {
  fireEvent.click(within(dialog()).getByRole('button', { name: /^(Add|Save) field$/ }));
  await settle();
};
const typeOptions = () =>
  within(within(dialog()).getByLabelText('Type') as HTMLElement)
    .getAllByRole('option')
    .map((o) => (o as HTMLOptionElement).value);

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('adding a field', () => {
  it('derives the name from the label and sends fields, multi-step and steps together', async () => {
    const { onChange, last } = setup();
    openAdd();
    type('Label', 'Company name');
    expect((within(dialog()).getByLabelText('Name in the prompt') as HTMLInputElement).value).toBe(
      'companyName',
    );
    fireEvent.click(within(dialog()).getByLabelText('Required'));
    await submit();
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(last()).toEqual({
      fields: [field('companyName', 'Company name', { required: true })],
      isMultiStepInput: false,
      inputSteps: [],
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText('{{companyName}}')).toBeTruthy();
  });

  it('refuses the reserved name input', async () => {
    const { onChange } = setup();
    openAdd();
    type('Label', 'Input');
    await submit();
    expect(within(dialog()).getByText('Input is a reserved field name, try another name')).toBeTruthy();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('a refusal stays until it is fixed, then the field is added', async () => {
    const { onChange, last } = setup({ fields: [field('topic', 'Topic')] });
    openAdd();
    type('Label', 'Subject');
    type('Name in the prompt', 'TOPIC');
    await submit();
    expect(within(dialog()).getByText('Field already exists')).toBeTruthy();
    type('Label', 'Subjects');
    await settle();
    expect(within(dialog()).getByText('Field already exists')).toBeTruthy();
    type('Name in the prompt', 'subject');
    await settle();
    expect(within(dialog()).queryByText('Field already exists')).toBeNull();
    expect(onChange).not.toHaveBeenCalled();
    await submit();
    expect(last().fields![1]).toEqual(field('subject', 'Subjects'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('refuses a label that exists, compared case-insensitively', async () => {
    const { onChange } = setup({ fields: [field('topic', 'Topic')] });
    openAdd();
    type('Label', '  TOPIC ');
    type('Name in the prompt', 'subject');
    await submit();
    expect(within(dialog()).getByText('Field already exists')).toBeTruthy();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('refuses a name that exists, compared case-insensitively', async () => {
    const { onChange } = setup({ fields: [field('topic', 'Topic')] });
    openAdd();
    type('Label', 'Subject');
    type('Name in the prompt', 'Topic');
    await submit();
    expect(within(dialog()).getByText('Field already exists')).toBeTruthy();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('refuses a name that is too long, a name with spaces and a label over the maximum', async () => {
    const { onChange } = setup();
    openAdd();
    type('Label', 'a'.repeat(41));
    await submit();
    expect(within(dialog()).getByText('The field name is too long')).toBeTruthy();
    type('Name in the prompt', 'two words');
    await submit();
    expect(within(dialog()).getByText('Field names use letters, numbers and underscores')).toBeTruthy();
    type('Label', 'b'.repeat(101));
    type('Name in the prompt', 'ok');
    await submit();
    expect(within(dialog()).getAllByText('100 characters max').length).toBeGreaterThan(0);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('at the maximum the add button is disabled with the limit message', () => {
    const fields = Array.from({ length: 10 }, (_, i) => field(`f${i}`, `Field ${i}`));
    setup({ fields });
    expect(
      screen.getByText('There can be a maximum of 10 custom fields, contact us if you need more fields'),
    ).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Add field' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByLabelText('Describe the field') as HTMLInputElement).disabled).toBe(true);
  });

  it('below the maximum there is no limit message', () => {
    setup({ fields: Array.from({ length: 9 }, (_, i) => field(`f${i}`, `Field ${i}`)) });
    expect(screen.queryByText(/maximum of 10 custom fields/)).toBeNull();
    expect((screen.getByRole('button', { name: 'Add field' }) as HTMLButtonElement).disabled).toBe(false);
  });
});

describe('field types', () => {
  it('a lite builder gets neither the admin-only types nor photo', () => {
    setup({}, makeBuilder({ plan: 'lite' }));
    openAdd();
    expect(typeOptions()).toEqual([
      'text',
      'long_text',
      'select',
      'multiselect',
      'email',
      'height',
      'weight',
    ]);
  });

  it('a paid plan gets photo, still not the admin-only types', () => {
    setup({}, makeBuilder({ plan: 'explorer' }));
    openAdd();
    const types = typeOptions();
    expect(types).toContain('photo');
    expect(types).not.toContain('place');
    expect(types).not.toContain('tool_item_select');
  });

  it('an admin gets all ten, on any plan', () => {
    setup({}, makeBuilder({ plan: 'lite', isAdmin: true }));
    openAdd();
    expect(typeOptions()).toHaveLength(10);
    expect(typeOptions()).toEqual(expect.arrayContaining(['place', 'tool_item_select', 'photo']));
  });

  it('email is always personal: the switch is on and disabled, and the field is stored personal', async () => {
    const { last } = setup();
    openAdd();
    type('Label', 'Email');
    fireEvent.change(within(dialog()).getByLabelText('Type'), { target: { value: 'email' } });
    const personal = within(dialog()).getByRole('switch', { name: 'Personal' });
    expect(personal.getAttribute('aria-checked')).toBe('true');
    expect((personal as HTMLButtonElement).disabled).toBe(true);
    expect(within(dialog()).getByText('Email fields are always personal.')).toBeTruthy();
    await submit();
    expect(last().fields![0]).toMatchObject({ name: 'email', type: 'email', personal: true });
  });

  it('photo keeps its instructions and memorize', async () => {
    const { last } = setup();
    openAdd();
    type('Label', 'Product photo');
    fireEvent.change(within(dialog()).getByLabelText('Type'), { target: { value: 'photo' } });
    type('Instructions', 'Front of the box');
    fireEvent.click(within(dialog()).getByRole('switch', { name: 'Memorize' }));
    await submit();
    expect(last().fields![0]).toEqual(
      field('productPhoto', 'Product photo', {
        type: 'photo',
        instructions: 'Front of the box',
        memorize: true,
      }),
    );
  });
});

describe('select options', () => {
  function startSelect() {
    const ctx = setup();
    openAdd();
    type('Label', 'Level');
    fireEvent.change(within(dialog()).getByLabelText('Type'), { target: { value: 'select' } });
    return ctx;
  }
  const addOption = async (label: string, icon = '') => {
    type('Option label', label);
    type('Icon URL (optional)', icon);
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Add option' }));
    await settle();
  };

  it('refuses an empty option and a duplicate one (case-insensitive)', async () => {
    startSelect();
    await addOption('   ');
    expect(within(dialog()).getByText('Option is empty')).toBeTruthy();
    await addOption('Beginner');
    await addOption('beginner');
    expect(within(dialog()).getByText('Option already exists')).toBeTruthy();
    expect(
      within(within(dialog()).getByRole('list', { name: 'Options' })).getAllByRole('listitem'),
    ).toHaveLength(1);
  });

  it('Enter adds an option and empties the inputs; an option over 60 characters is refused', async () => {
    startSelect();
    const labelBox = () => within(dialog()).getByLabelText('Option label') as HTMLInputElement;
    type('Option label', 'x'.repeat(61));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Add option' }));
    await settle();
    expect(within(dialog()).getByRole('alert').textContent).toBe('60 characters max');
    expect(within(dialog()).queryByRole('list', { name: 'Options' })).toBeNull();
    type('Option label', 'Expert');
    fireEvent.keyDown(labelBox(), { key: 'Enter' });
    await settle();
    expect(within(dialog()).queryByRole('alert')).toBeNull();
    expect(labelBox().value).toBe('');
    const items = within(within(dialog()).getByRole('list', { name: 'Options' })).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual(['Expert']);
  });

  it('needs an option, then stores options with icons and the filter condition', async () => {
    const { onChange, last } = startSelect();
    await submit();
    expect(within(dialog()).getByText('Add at least one option')).toBeTruthy();
    expect(onChange).not.toHaveBeenCalled();
    await addOption('Beginner', 'https://cdn.example.com/b.png');
    await addOption('Expert');
    fireEvent.change(within(dialog()).getByLabelText('Filter condition'), { target: { value: 'exclude' } });
    await submit();
    expect(last().fields![0]).toEqual(
      field('level', 'Level', {
        type: 'select',
        options: [{ label: 'Beginner', iconUrl: 'https://cdn.example.com/b.png' }, { label: 'Expert' }],
        filterCondition: 'exclude',
      }),
    );
  });
});

describe('editing and deleting', () => {
  it('edits a field in place; its own label is not a duplicate', async () => {
    const { last } = setup({ fields: [field('topic', 'Topic'), field('tone', 'Tone')] });
    fireEvent.click(screen.getByRole('button', { name: 'Edit Topic' }));
    expect((within(dialog()).getByLabelText('Name in the prompt') as HTMLInputElement).value).toBe('topic');
    type('Label', 'topic');
    type('Placeholder', 'e.g. gardening');
    await submit();
    expect(last().fields).toEqual([
      field('topic', 'topic', { placeholder: 'e.g. gardening' }),
      field('tone', 'Tone'),
    ]);
  });

  it('editing into another field’s label is refused', async () => {
    const { onChange } = setup({ fields: [field('topic', 'Topic'), field('tone', 'Tone')] });
    fireEvent.click(screen.getByRole('button', { name: 'Edit Topic' }));
    type('Label', 'TONE');
    await submit();
    expect(within(dialog()).getByText('Field already exists')).toBeTruthy();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('deletes after confirming; the last field turns multi-step off', async () => {
    const { last } = setup({
      fields: [field('topic', 'Topic', { stepId: 's1' })],
      isMultiStepInput: true,
      inputSteps: [{ id: 's1', title: 'About you' }],
    });
    fireEvent.click(screen.getByRole('button', { name: 'Delete Topic' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete field' }));
    expect(last()).toEqual({
      fields: [],
      isMultiStepInput: false,
      inputSteps: [{ id: 's1', title: 'About you' }],
    });
    expect(screen.getByText('No fields yet')).toBeTruthy();
  });
});

describe('reordering', () => {
  it('dragging a field with the keyboard sends the fields in their new order', async () => {
    layOutSortableRows();
    const { last } = setup({
      fields: [field('topic', 'Topic'), field('tone', 'Tone'), field('length', 'Length')],
    });
    await dragWithKeyboard('Move Topic', ['ArrowDown', 'ArrowDown']);
    expect(last().fields!.map((f) => f.name)).toEqual(['tone', 'length', 'topic']);
    expect(screen.getAllByText(/^\{\{\w+\}\}$/).map((e) => e.textContent)).toEqual([
      '{{tone}}',
      '{{length}}',
      '{{topic}}',
    ]);
  });
});

describe('multi-step input', () => {
  it('cannot be turned on without a field', () => {
    setup();
    const toggle = screen.getByRole('switch', { name: 'Multi-step input' });
    expect((toggle as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Add a field before turning on multi-step input')).toBeTruthy();
  });

  it('turning it on makes a first step holding every field; steps can be added, renamed and deleted', () => {
    const { last } = setup({ fields: [field('topic', 'Topic'), field('tone', 'Tone')] });
    fireEvent.click(screen.getByRole('switch', { name: 'Multi-step input' }));
    const [first] = last().inputSteps!;
    expect(last().isMultiStepInput).toBe(true);
    expect(first!.title).toBe('Step 1');
    expect(last().fields!.map((f) => f.stepId)).toEqual([first!.id, first!.id]);

    fireEvent.click(screen.getByRole('button', { name: 'Add step' }));
    const second = last().inputSteps![1]!;
    expect(second.title).toBe('Step 2');
    fireEvent.change(screen.getByLabelText('Title of step 2'), { target: { value: 'Your style' } });
    expect(last().inputSteps![1]).toEqual({ id: second.id, title: 'Your style' });

    fireEvent.change(screen.getByLabelText('Step of Tone'), { target: { value: second.id } });
    expect(last().fields!.map((f) => f.stepId)).toEqual([first!.id, second.id]);

    fireEvent.click(screen.getByRole('button', { name: 'Delete step 1' }));
    expect(last().inputSteps).toEqual([{ id: second.id, title: 'Your style' }]);
    expect(last().fields!.map((f) => f.stepId)).toEqual([second.id, second.id]);
    expect((screen.getByRole('button', { name: 'Delete step 1' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('a new field goes to the step chosen in the dialog', async () => {
    const { last } = setup({
      fields: [field('topic', 'Topic', { stepId: 's1' })],
      isMultiStepInput: true,
      inputSteps: [
        { id: 's1', title: 'One' },
        { id: 's2', title: 'Two' },
      ],
    });
    openAdd();
    type('Label', 'Tone');
    expect((within(dialog()).getByLabelText('Step') as HTMLSelectElement).value).toBe('s2');
    fireEvent.change(within(dialog()).getByLabelText('Step'), { target: { value: 's1' } });
    await submit();
    expect(last().fields![1]).toMatchObject({ name: 'tone', stepId: 's1' });
  });
});
