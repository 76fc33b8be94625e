import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DateTimePicker } from './date-time-picker';

function Harness({
  onChange,
  showTime = true,
}: {
  onChange: (v: string) => void;
  showTime?: boolean;
}) {
  const [value, setValue] = useState('');
  return (
    <DateTimePicker
      id="start"
      label="Start date"
      value={value}
      earliestYear={2020}
      latestYear={2024}
      showTime={showTime}
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

describe('DateTimePicker', () => {
  it('offers days 1-31, short month names and years from earliest to latest + 1', () => {
    render(<Harness onChange={() => {}} />);
    const days = optionTexts('Day');
    expect(days).toHaveLength(31);
    expect(days[0]).toBe('1');
    expect(days[30]).toBe('31');
    expect(optionTexts('Month')[0]).toBe('Jan');
    expect(optionTexts('Month')).toHaveLength(12);
    expect(optionTexts('Year')).toEqual(['2025', '2024', '2023', '2022', '2021', '2020']);
  });

  it('outputs nothing until year, month and day are set, then 00:00 for an empty time', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Day' }), '5');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Month' }), 'Mar');
    expect(onChange).not.toHaveBeenCalled();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Year' }), '2024');
    expect(onChange).toHaveBeenLastCalledWith('2024-03-05T00:00');
  });

  it('adds an HH:mm time', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Day' }), '25');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Month' }), 'Dec');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Year' }), '2024');
    await userEvent.type(screen.getByLabelText('Time (HH:mm)'), '09:3');
    expect(onChange).toHaveBeenLastCalledWith('');
    await userEvent.type(screen.getByLabelText('Time (HH:mm)'), '0');
    expect(onChange).toHaveBeenLastCalledWith('2024-12-25T09:30');
  });

  it('hides the time unless asked', () => {
    render(<Harness onChange={() => {}} showTime={false} />);
    expect(screen.queryByLabelText('Time (HH:mm)')).not.toBeInTheDocument();
  });
});
