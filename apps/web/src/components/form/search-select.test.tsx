import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SelectOption } from '@motor/forms';
import { SearchSelect } from './search-select';

const makes: SelectOption[] = [
  { value: 'bmw', text: 'BMW' },
  { value: 'mini', text: 'MINI' },
  { value: 'rr', text: 'Rolls-Royce' },
];

function Harness({
  options = makes,
  onChange,
}: {
  options?: SelectOption[];
  onChange?: (v: string) => void;
}) {
  const [value, setValue] = useState('');
  return (
    <SearchSelect
      id="make"
      label="Make"
      options={options}
      value={value}
      onChange={(next) => {
        onChange?.(next);
        setValue(next);
      }}
    />
  );
}

describe('SearchSelect', () => {
  it('is a combobox controlling a listbox', async () => {
    render(<Harness />);
    const combobox = screen.getByRole('combobox', { name: 'Make' });
    expect(combobox).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(combobox);
    expect(combobox).toHaveAttribute('aria-expanded', 'true');
    const listbox = screen.getByRole('listbox');
    expect(combobox).toHaveAttribute('aria-controls', listbox.id);
    expect(screen.getAllByRole('option')).toHaveLength(3);
  });

  it('filters by case-insensitive substring', async () => {
    render(<Harness />);
    await userEvent.type(screen.getByRole('combobox'), 'rOy');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Rolls-Royce',
    ]);
  });

  it('picks the single remaining match on Enter', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const combobox = screen.getByRole('combobox');
    await userEvent.type(combobox, 'min{Enter}');
    expect(onChange).toHaveBeenCalledWith('mini');
    expect(combobox).toHaveValue('MINI');
    expect(combobox).toHaveAttribute('aria-expanded', 'false');
  });

  it('does not pick on Enter when several match', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await userEvent.type(screen.getByRole('combobox'), 'm{Enter}');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('shows "Sorry, no matches found" when nothing matches', async () => {
    render(<Harness />);
    await userEvent.type(screen.getByRole('combobox'), 'zzz');
    expect(screen.getByText('Sorry, no matches found')).toBeInTheDocument();
    expect(screen.queryAllByRole('option')).toHaveLength(0);
  });

  it('supports arrow keys with aria-activedescendant and mouse picking', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const combobox = screen.getByRole('combobox');
    await userEvent.click(combobox);
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    const active = screen.getAllByRole('option')[1];
    expect(combobox).toHaveAttribute('aria-activedescendant', active?.id);
    await userEvent.keyboard('{Enter}');
    expect(onChange).toHaveBeenLastCalledWith('mini');
    await userEvent.click(combobox);
    await userEvent.click(screen.getByRole('option', { name: 'Rolls-Royce' }));
    expect(onChange).toHaveBeenLastCalledWith('rr');
  });

  it('is disabled with no options', () => {
    render(<Harness options={[]} />);
    expect(screen.getByRole('combobox')).toBeDisabled();
  });
});
