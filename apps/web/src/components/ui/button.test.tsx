import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from './button';
import { BUTTON_LAYOUTS, BUTTON_VARIANTS } from './variants';

describe('Button', () => {
  it('defaults to a non-submitting default button', async () => {
    const onClick = vi.fn();
    render(<Button onClick={onClick}>Continue</Button>);
    const button = screen.getByRole('button', { name: 'Continue' });
    expect(button).toHaveAttribute('type', 'button');
    expect(button).toHaveClass('button', 'button--layout-default', 'button--default');
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('can submit and passes other attributes through', () => {
    render(
      <Button type="submit" className="extra" aria-describedby="x">
        Pay
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Pay' });
    expect(button).toHaveAttribute('type', 'submit');
    expect(button).toHaveClass('extra');
    expect(button).toHaveAttribute('aria-describedby', 'x');
  });

  it.each(BUTTON_LAYOUTS)('applies the %s layout', (layout) => {
    render(<Button layout={layout}>Go</Button>);
    expect(screen.getByRole('button')).toHaveClass(`button--layout-${layout}`);
  });

  it.each(BUTTON_VARIANTS)('applies the %s variant', (variant) => {
    render(<Button variant={variant}>Go</Button>);
    expect(screen.getByRole('button')).toHaveClass(`button--${variant}`);
  });

  it('does not fire when disabled', async () => {
    const onClick = vi.fn();
    render(
      <Button disabled onClick={onClick}>
        Go
      </Button>,
    );
    await userEvent.click(screen.getByRole('button'));
    expect(onClick).not.toHaveBeenCalled();
  });
});
