import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CollapsibleSection } from './collapsible-section';

describe('CollapsibleSection', () => {
  it('starts collapsed with aria-expanded false and hidden content', () => {
    render(<CollapsibleSection title="Excess">Details</CollapsibleSection>);
    const toggle = screen.getByRole('button', { name: 'Excess' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText('Details')).not.toBeVisible();
    expect(toggle).toHaveAttribute('aria-controls', screen.getByText('Details').id);
  });

  it('toggles and reports state', async () => {
    const onToggle = vi.fn();
    render(
      <CollapsibleSection title="Excess" onToggle={onToggle}>
        Details
      </CollapsibleSection>,
    );
    const toggle = screen.getByRole('button', { name: 'Excess' });
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Details')).toBeVisible();
    expect(onToggle).toHaveBeenLastCalledWith(true);
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(onToggle).toHaveBeenLastCalledWith(false);
  });

  it('can start open and works with the keyboard', async () => {
    const user = userEvent.setup();
    render(
      <CollapsibleSection title="Excess" defaultOpen>
        Details
      </CollapsibleSection>,
    );
    expect(screen.getByRole('button')).toHaveAttribute('aria-expanded', 'true');
    await user.tab();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button')).toHaveAttribute('aria-expanded', 'false');
  });

  it('follows a controlled isOpen', async () => {
    const onToggle = vi.fn();
    render(
      <CollapsibleSection title="Excess" isOpen={false} onToggle={onToggle} headingLevel={2}>
        Details
      </CollapsibleSection>,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Excess' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button'));
    expect(onToggle).toHaveBeenCalledWith(true);
    expect(screen.getByRole('button')).toHaveAttribute('aria-expanded', 'false');
  });
});
