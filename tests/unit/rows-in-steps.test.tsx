import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useRowsInSteps } from '../../src/features/waves/hooks/use-rows-in-steps.ts';
import { afterFirstScreen, isFirstScreenPending } from '../../src/lib/first-screen.ts';

const waves = Array.from({ length: 30 }, (_, index) => `wave-${index + 1}`);

function List({ items, atLeast = 0, label }: { items: string[]; atLeast?: number; label: string }) {
  const rendered = useRowsInSteps(items.length, { atLeast, settled: true });
  return (
    <ol aria-label={label}>
      {items.slice(0, rendered).map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ol>
  );
}

const shownRows = (label: string) =>
  Array.from(
    screen.getByRole('list', { name: label }).querySelectorAll('li'),
    (row) => row.textContent,
  );

// One file, one page load: the first list of the file is the first screen's.
describe('rows in steps (the first screen)', () => {
  it('renders one screen of rows first, then all of them in the server’s order, and then says the first screen is shown', async () => {
    const waited: string[] = [];
    afterFirstScreen(() => waited.push('ran'));
    render(<List items={waves} label="first" />);

    const first = shownRows('first');
    expect(first.length).toBeGreaterThanOrEqual(4);
    expect(first.length).toBeLessThan(waves.length);
    expect(first).toEqual(waves.slice(0, first.length));
    expect(isFirstScreenPending()).toBe(true);
    expect(waited).toEqual([]);

    await waitFor(() => expect(shownRows('first')).toEqual(waves));
    await waitFor(() => expect(isFirstScreenPending()).toBe(false));
    await waitFor(() => expect(waited).toEqual(['ran']));
  });

  it('renders every later list whole at once (scroll restoration needs its height)', () => {
    render(<List items={waves} label="later" />);
    expect(shownRows('later')).toEqual(waves);
  });
});

describe('rows in steps (a deep link on the first screen)', () => {
  it('renders at once every row up to the linked one, so it can be scrolled to', async () => {
    vi.resetModules();
    const fresh = await import('../../src/features/waves/hooks/use-rows-in-steps.ts');
    function Deep() {
      const rendered = fresh.useRowsInSteps(waves.length, { atLeast: 25, settled: true });
      return (
        <ol aria-label="deep">
          {waves.slice(0, rendered).map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ol>
      );
    }
    render(<Deep />);
    expect(shownRows('deep')).toEqual(waves.slice(0, 25));
    await waitFor(() => expect(shownRows('deep')).toEqual(waves));
  });
});
