import { fireEvent, render, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { IDLE_RUN, type RunState } from '../lib/run-state';
import { RunResult } from './run-result';
import { RunCta } from './run-cta';

const ANSWER = [
  '## Plan',
  '',
  'Start with **bold moves** and _care_.',
  '',
  '- first step',
  '- second step',
  '',
  '| Day | Task |',
  '| --- | ---- |',
  '| Mon | Write |',
  '',
  'Read [the guide](https://example.com/guide) or [this](javascript:alert(1)).',
  '',
  '<script>window.hacked = true</script><b>raw html</b>',
].join('\n');

const done = (text: string): RunState => ({ ...IDLE_RUN, status: 'success', runId: 'r1', text });

// the renderer loads on demand; importing it once here keeps the first test from waiting on the module graph
beforeAll(async () => {
  await import('@/components/markdown/markdown-view');
});

describe('run result as Markdown', () => {
  it('renders headings, bold, lists and GFM tables instead of their raw marks', async () => {
    render(<RunResult state={done(ANSWER)} />);
    const result = screen.getByRole('region', { name: 'Result' });
    expect((await within(result).findByText('bold moves')).tagName).toBe('STRONG');
    expect(within(result).getByText('Plan').tagName).toBe('H2');
    expect(within(result).getByText('care').tagName).toBe('EM');
    expect(
      within(result)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['first step', 'second step']);
    const table = within(result).getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Day', 'Task']);
    expect(within(table).getByRole('cell', { name: 'Write' })).toBeTruthy();
    expect(result.textContent).not.toContain('**');
    expect(result.textContent).not.toContain('| ---');
  });

  it('opens links in a new tab without opener and refuses javascript: links', async () => {
    render(<RunResult state={done(ANSWER)} />);
    const link = await screen.findByText('the guide');
    expect(link.getAttribute('href')).toBe('https://example.com/guide');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    const unsafe = screen.getByText('this');
    expect(unsafe.getAttribute('href') ?? '').not.toContain('javascript');
  });

  it('drops raw HTML: no script or markup of the answer reaches the page', async () => {
    const { container } = render(<RunResult state={done(ANSWER)} />);
    await screen.findByText('Write');
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();
  });

  it('renders the call-to-action message as Markdown too', async () => {
    render(
      <RunCta app={{ ctaMessage: 'Like it? **Book a call**', ctaButton: 'Book', ctaLink: 'example.com' }} />,
    );
    expect((await screen.findByText('Book a call')).tagName).toBe('STRONG');
  });
});

describe('run result sources', () => {
  it('lists the data items the result drew on below it, the passage on a tap', async () => {
    const citations = [
      { itemId: 'i1', itemName: 'Price list', passages: ['A pot of oolong costs four euros.'] },
      { itemId: 'i2', itemName: 'Opening hours', passages: ['Open at nine.'] },
    ];
    render(<RunResult state={{ ...done('Four euros.'), citations }} />);
    const result = screen.getByRole('region', { name: 'Result' });
    const sources = await within(result).findByRole('list', { name: 'Sources' });
    expect(
      within(sources)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['1Price list', '2Opening hours']);
    fireEvent.click(within(sources).getByRole('button', { name: /Price list/ }));
    expect(await screen.findByText('A pot of oolong costs four euros.')).toBeTruthy();
  });

  it('lists nothing when the run used no data', () => {
    render(<RunResult state={done('Four euros.')} />);
    expect(screen.queryByRole('list', { name: 'Sources' })).toBeNull();
  });
});
