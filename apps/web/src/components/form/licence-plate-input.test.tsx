import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RegistrationFormatConfig } from '@motor/forms';
import { LicencePlateInput } from './licence-plate-input';

const formatConfig: RegistrationFormatConfig = {
  divider: ' ',
  completeFormats: ['^([A-PR-Z][A-Z][0-9]{2})([A-Z]{3})$', '^([A-PR-Z][0-9]{1,3})([A-Z]{3})$'],
  incompleteFormat: '^([A-PR-Z][A-Z][0-9]{2})([A-Z]{1,2})$',
};

function Harness({ onSubmit, error }: { onSubmit?: (value: string) => void; error?: string }) {
  const [value, setValue] = useState('');
  return (
    <LicencePlateInput
      id="vrn"
      label="Registration number"
      value={value}
      onChange={setValue}
      formatConfig={formatConfig}
      onSubmit={onSubmit}
      error={error}
    />
  );
}

describe('LicencePlateInput', () => {
  it('uppercases, removes spaces and hyphens and re-inserts the divider as you type', async () => {
    render(<Harness />);
    const input = screen.getByRole('textbox', { name: 'Registration number' });
    await userEvent.type(input, 'ab-12 c');
    expect(input).toHaveValue('AB12 C');
    await userEvent.type(input, 'de');
    expect(input).toHaveValue('AB12 CDE');
  });

  it('formats a pasted value by the matching pattern', () => {
    render(<Harness />);
    const input = screen.getByRole('textbox');
    fireEvent.change(input, { target: { value: 'a 1 2 3 b-c-d' } });
    expect(input).toHaveValue('A123 BCD');
  });

  it('submits on Enter', async () => {
    const onSubmit = vi.fn();
    render(<Harness onSubmit={onSubmit} />);
    await userEvent.type(screen.getByRole('textbox'), 'ab12cde{Enter}');
    expect(onSubmit).toHaveBeenCalledWith('AB12 CDE');
  });

  it('lets Enter submit the enclosing form when no onSubmit is given', async () => {
    const onFormSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    render(
      <form aria-label="Find car" onSubmit={onFormSubmit}>
        <Harness />
        <button type="submit">Find</button>
      </form>,
    );
    await userEvent.type(screen.getByRole('textbox'), 'ab12cde{Enter}');
    expect(onFormSubmit).toHaveBeenCalledTimes(1);
  });

  it('links its error message', () => {
    render(<Harness error="Enter a registration" />);
    expect(screen.getByRole('textbox')).toHaveAccessibleDescription('Error: Enter a registration');
  });
});
