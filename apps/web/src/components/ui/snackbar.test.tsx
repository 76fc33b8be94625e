import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { Snackbar, SNACKBAR_DURATION_MS } from './snackbar';
import { STATUS_VARIANTS } from './variants';

describe('Snackbar', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is a status live region showing the message when open', () => {
    render(
      <Snackbar isOpen onClose={() => {}}>
        Saved
      </Snackbar>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Saved');
  });

  it('keeps the empty live region mounted when closed', () => {
    render(
      <Snackbar isOpen={false} onClose={() => {}}>
        Saved
      </Snackbar>,
    );
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('auto-closes after 4 seconds', () => {
    expect(SNACKBAR_DURATION_MS).toBe(4000);
    const onClose = vi.fn();
    render(
      <Snackbar isOpen onClose={onClose}>
        Saved
      </Snackbar>,
    );
    act(() => {
      vi.advanceTimersByTime(3999);
    });
    expect(onClose).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('does not time out while closed', () => {
    const onClose = vi.fn();
    render(<Snackbar isOpen={false} onClose={onClose} />);
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(onClose).not.toHaveBeenCalled();
  });

  it('can be dismissed early', () => {
    const onClose = vi.fn();
    render(
      <Snackbar isOpen onClose={onClose}>
        Saved
      </Snackbar>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it.each(STATUS_VARIANTS)('applies the %s variant', (variant) => {
    render(
      <Snackbar isOpen onClose={() => {}} variant={variant}>
        Saved
      </Snackbar>,
    );
    expect(screen.getByRole('status')).toHaveClass(`snackbar--${variant}`);
  });
});
