import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { Notification } from './notification';
import { STATUS_VARIANTS } from './variants';

describe('Notification', () => {
  it('is a region labelled by its title', () => {
    render(<Notification title="Direct debit missing">Set one up</Notification>);
    const region = screen.getByRole('region', { name: 'Direct debit missing' });
    expect(region).toHaveTextContent('Set one up');
    expect(region).toHaveClass('notification--default');
  });

  it('announces itself when it is an alert', () => {
    render(
      <Notification isAlert variant="critical" title="Payment failed">
        Try again
      </Notification>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Payment failedTry again');
  });

  it('renders an action', () => {
    render(<Notification action={<button type="button">Fix</button>}>Body</Notification>);
    expect(screen.getByRole('button', { name: 'Fix' })).toBeInTheDocument();
  });

  it.each(STATUS_VARIANTS)('applies the %s variant', (variant) => {
    const { container } = render(<Notification variant={variant}>Body</Notification>);
    expect(container.firstChild).toHaveClass(`notification--${variant}`);
  });
});
