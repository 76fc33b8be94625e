import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ChangeOrConfirm } from './change-or-confirm';

function setup(value?: string) {
  const onChange = vi.fn();
  const onModeChange = vi.fn();
  render(
    <ChangeOrConfirm<string>
      value={value}
      onChange={onChange}
      onModeChange={onModeChange}
      renderView={(current) => <p>Address: {current}</p>}
      renderChange={(choose) => (
        <button type="button" onClick={() => choose('2 New Road')}>
          Pick 2 New Road
        </button>
      )}
      renderOverride={(choose) => (
        <button type="button" onClick={() => choose('Manual')}>
          Save manual
        </button>
      )}
    />,
  );
  return { onChange, onModeChange };
}

describe('ChangeOrConfirm', () => {
  it('starts in view when it has a value', () => {
    setup('1 Old Road');
    expect(screen.getByText('Address: 1 Old Road')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change' })).toBeInTheDocument();
  });

  it('starts in change without a value, and choosing goes to view', async () => {
    const { onChange, onModeChange } = setup(undefined);
    expect(screen.queryByRole('button', { name: 'Change' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Pick 2 New Road' }));
    expect(screen.getByText('Address: 2 New Road')).toBeInTheDocument();
    expect(onChange).toHaveBeenCalledWith('2 New Road');
    expect(onModeChange).toHaveBeenCalledWith('view');
  });

  it('change clears the value; reset returns to view with the previous value', async () => {
    const { onChange } = setup('1 Old Road');
    await userEvent.click(screen.getByRole('button', { name: 'Change' }));
    expect(onChange).toHaveBeenLastCalledWith(undefined);
    expect(screen.queryByText(/Address:/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onChange).toHaveBeenLastCalledWith('1 Old Road');
    expect(screen.getByText('Address: 1 Old Road')).toBeInTheDocument();
  });

  it('override goes to override mode and can save or reset', async () => {
    const { onModeChange, onChange } = setup('1 Old Road');
    await userEvent.click(screen.getByRole('button', { name: 'Override' }));
    expect(onModeChange).toHaveBeenLastCalledWith('override');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByText('Address: 1 Old Road')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Override' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save manual' }));
    expect(onChange).toHaveBeenLastCalledWith('Manual');
    expect(screen.getByText('Address: Manual')).toBeInTheDocument();
  });
});
