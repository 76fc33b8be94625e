import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Tabs } from './tabs';

const tabs = [
  { label: 'Policies (2)', content: <p>Policy list</p> },
  { label: 'Proposals (1)', content: <p>Proposal list</p> },
  { label: 'Other', content: <p>Other list</p> },
];

describe('Tabs', () => {
  it('renders a labelled tablist with the first tab selected by default', () => {
    render(<Tabs label="Your items" tabs={tabs} />);
    expect(screen.getByRole('tablist', { name: 'Your items' })).toBeInTheDocument();
    const first = screen.getByRole('tab', { name: 'Policies (2)' });
    expect(first).toHaveAttribute('aria-selected', 'true');
    expect(first).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('tab', { name: 'Proposals (1)' })).toHaveAttribute('tabindex', '-1');
    expect(screen.getByRole('tabpanel', { name: 'Policies (2)' })).toHaveTextContent('Policy list');
  });

  it('links each tab to its panel', () => {
    render(<Tabs label="Items" tabs={tabs} />);
    const tab = screen.getByRole('tab', { name: 'Policies (2)' });
    const panel = screen.getByRole('tabpanel');
    expect(tab).toHaveAttribute('aria-controls', panel.id);
  });

  it('keeps the selected index on click and reports it', async () => {
    const onChange = vi.fn();
    render(<Tabs label="Items" tabs={tabs} onChange={onChange} />);
    await userEvent.click(screen.getByRole('tab', { name: 'Proposals (1)' }));
    expect(onChange).toHaveBeenCalledWith(1);
    expect(screen.getByRole('tab', { name: 'Proposals (1)' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Proposal list');
  });

  it('does not report re-selecting the current tab', async () => {
    const onChange = vi.fn();
    render(<Tabs label="Items" tabs={tabs} onChange={onChange} />);
    await userEvent.click(screen.getByRole('tab', { name: 'Policies (2)' }));
    expect(onChange).not.toHaveBeenCalled();
  });

  it('moves and selects with arrow keys, wrapping, and Home/End', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Tabs label="Items" tabs={tabs} onChange={onChange} />);
    await user.tab();
    expect(screen.getByRole('tab', { name: 'Policies (2)' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Proposals (1)' })).toHaveFocus();
    expect(onChange).toHaveBeenLastCalledWith(1);
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Other' })).toHaveFocus();
    expect(onChange).toHaveBeenLastCalledWith(2);
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Policies (2)' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Other' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'Policies (2)' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });

  it('follows a controlled selectedIndex', async () => {
    const onChange = vi.fn();
    const { rerender } = render(
      <Tabs label="Items" tabs={tabs} selectedIndex={2} onChange={onChange} />,
    );
    expect(screen.getByRole('tab', { name: 'Other' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.click(screen.getByRole('tab', { name: 'Policies (2)' }));
    expect(onChange).toHaveBeenCalledWith(0);
    expect(screen.getByRole('tab', { name: 'Other' })).toHaveAttribute('aria-selected', 'true');
    rerender(<Tabs label="Items" tabs={tabs} selectedIndex={0} onChange={onChange} />);
    expect(screen.getByRole('tab', { name: 'Policies (2)' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });
});
