import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DateInput } from './date-input';

function Harness({
  initial = '',
  onChange,
  error,
}: {
  initial?: string;
  onChange?: (v: string) => void;
  error?: string;
}) {
  const [value, setValue] = useState(initial);
  return (
    <DateInput
      id="dob"
      label="Date of birth"
      hint="For example, 27 3 1985"
      error={error}
      value={value}
      onChange={(next) => {
        onChange?.(next);
        setValue(next);
      }}
    />
  );
}

describe('DateInput', () => {
  it('is a group labelled by its legend with labelled parts', () => {
    render(<Harness error="Enter your date of birth" />);
    const group = screen.getByRole('group', { name: 'Date of birth' });
    expect(group).toHaveAttribute('aria-describedby', 'dob-hint dob-error');
    expect(document.getElementById('dob-error')).toHaveTextContent(
      'Error: Enter your date of birth',
    );
    expect(screen.getByLabelText('Day')).toHaveAttribute('id', 'dob-day');
    expect(screen.getByLabelText('Month')).toBeInTheDocument();
    expect(screen.getByLabelText('Year')).toBeInTheDocument();
  });

  it('accepts digits only and moves focus after 2 digits', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByLabelText('Day'));
    await userEvent.keyboard('a0b7');
    expect(screen.getByLabelText('Day')).toHaveValue('07');
    expect(screen.getByLabelText('Month')).toHaveFocus();
    await userEvent.keyboard('x12');
    expect(screen.getByLabelText('Month')).toHaveValue('12');
    expect(screen.getByLabelText('Year')).toHaveFocus();
  });

  it('requires the year to start with 1 or 2, up to 4 digits', async () => {
    render(<Harness />);
    const year = screen.getByLabelText('Year');
    await userEvent.type(year, '3');
    expect(year).toHaveValue('');
    await userEvent.type(year, '198567');
    expect(year).toHaveValue('1985');
  });

  it('outputs yyyy-mm-dd only when all parts are present and the year has 4 digits', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await userEvent.type(screen.getByLabelText('Day'), '3');
    await userEvent.type(screen.getByLabelText('Month'), '9');
    await userEvent.type(screen.getByLabelText('Year'), '198');
    expect(onChange).not.toHaveBeenCalled();
    await userEvent.type(screen.getByLabelText('Year'), '5');
    expect(onChange).toHaveBeenLastCalledWith('1985-09-03');
    await userEvent.clear(screen.getByLabelText('Day'));
    expect(onChange).toHaveBeenLastCalledWith('');
  });

  it('shows an initial value', () => {
    render(<Harness initial="2001-02-03" />);
    expect(screen.getByLabelText('Day')).toHaveValue('03');
    expect(screen.getByLabelText('Month')).toHaveValue('02');
    expect(screen.getByLabelText('Year')).toHaveValue('2001');
  });
});
