import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { Spinner } from './spinner';

describe('Spinner', () => {
  it('is a status with a default accessible label', () => {
    render(<Spinner />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
  });

  it('uses a custom label and size', () => {
    render(<Spinner label="Fetching your quote" size="large" isBlock />);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Fetching your quote');
    expect(status).toHaveClass('spinner--large', 'spinner--block');
  });
});
