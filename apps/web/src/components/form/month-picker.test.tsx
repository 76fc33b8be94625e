import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MonthPicker } from './month-picker';

const now = new Date('2024-03-15T12:00:00Z');

function Harness({ onChange, initial = '' }: { onChange: (v: string) => void; initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <MonthPicker
      id="bought"
      label="When did you buy the car?"
      value={value}
      now={now}
      monthsAhead={1}
      minYear={2022}
      onChange={(next) => {
        onChange(next);
        setValue(next);
      }}
    />
  );
}

const optionTexts = (name: string) =>
  Array.from(screen.getByRole('combobox', { name }).querySelectorAll('option'))
    .slice(1)
    .map((option) => option.textContent);

describe('MonthPicker', () => {
  it('offers years from the limit year down to the minimum', () => {
    render(<Harness onChange={() => {}} />);
    expect(screen.getByRole('group', { name: 'When did you buy the car?' })).toBeInTheDocument();
    expect(optionTexts('Year')).toEqual(['2024', '2023', '2022']);
  });

  it('outputs yyyy-mm once both are chosen', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Year' }), '2023');
    expect(onChange).not.toHaveBeenCalled();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Month' }), 'November');
    expect(onChange).toHaveBeenLastCalledWith('2023-11');
  });

  it('limits months of the latest year to now + monthsAhead', async () => {
    render(<Harness onChange={() => {}} />);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Year' }), '2024');
    expect(optionTexts('Month')).toEqual(['January', 'February', 'March', 'April']);
  });

  it('clears the month when the latest year is chosen with a month past the limit', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} initial="2023-11" />);
    expect(screen.getByRole('combobox', { name: 'Month' })).toHaveValue('11');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Year' }), '2024');
    expect(screen.getByRole('combobox', { name: 'Month' })).toHaveValue('');
    expect(onChange).toHaveBeenLastCalledWith('');
  });

  it('keeps a month within the limit when switching to the latest year', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} initial="2023-02" />);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Year' }), '2024');
    expect(onChange).toHaveBeenLastCalledWith('2024-02');
  });
});
