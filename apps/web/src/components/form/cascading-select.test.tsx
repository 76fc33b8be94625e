import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CascadingSelect } from './cascading-select';
import type { CascadingOption } from './cascading-select';

const models: CascadingOption[] = [
  { value: '320i', text: '320i', parentValue: '3' },
  { value: '330e', text: '330e', parentValue: '3' },
  { value: 'm5', text: 'M5', parentValue: '5' },
];

function Harness({ onChange }: { onChange: (value: string) => void }) {
  const [series, setSeries] = useState('3');
  const [model, setModel] = useState('');
  return (
    <>
      <label htmlFor="series">Series</label>
      <select id="series" value={series} onChange={(event) => setSeries(event.target.value)}>
        <option value="3">3</option>
        <option value="5">5</option>
        <option value="7">7</option>
      </select>
      <CascadingSelect
        id="model"
        label="Model"
        options={models}
        upstreamValue={series}
        value={model}
        onChange={(value) => {
          onChange(value);
          setModel(value);
        }}
      />
    </>
  );
}

describe('CascadingSelect', () => {
  it('shows only options under the upstream value', () => {
    render(<Harness onChange={() => {}} />);
    const select = screen.getByRole('combobox', { name: 'Model' });
    expect(Array.from(select.querySelectorAll('option')).map((o) => o.textContent)).toEqual([
      'Please select',
      '320i',
      '330e',
    ]);
  });

  it('resets the selection when the upstream choice changes and narrows to a single match', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const model = screen.getByRole('combobox', { name: 'Model' });
    await userEvent.selectOptions(model, '330e');
    expect(model).toHaveValue('330e');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Series' }), '5');
    expect(onChange).toHaveBeenLastCalledWith('m5');
    expect(model).toHaveValue('m5');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Series' }), '3');
    expect(onChange).toHaveBeenLastCalledWith('');
    expect(model).toHaveValue('');
  });

  it('is disabled when nothing matches upstream', async () => {
    render(<Harness onChange={() => {}} />);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Series' }), '7');
    expect(screen.getByRole('combobox', { name: 'Model' })).toBeDisabled();
  });

  it('narrows automatically on first render when one option matches', () => {
    const onChange = vi.fn();
    render(
      <CascadingSelect
        id="m"
        label="Model"
        options={models}
        upstreamValue="5"
        value=""
        onChange={onChange}
      />,
    );
    expect(onChange).toHaveBeenCalledWith('m5');
  });
});
