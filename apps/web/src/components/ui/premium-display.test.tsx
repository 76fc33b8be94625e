import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { PremiumDisplay } from './premium-display';
import { LineItem, LineItemList } from './line-item';

describe('PremiumDisplay', () => {
  it('shows header and current amount only when unchanged', () => {
    const { container } = render(
      <PremiumDisplay header="Monthly price" previousAmount={4999} currentAmount={4999} />,
    );
    expect(screen.getByText('Monthly price')).toBeInTheDocument();
    expect(screen.getByText('£49.99')).toBeInTheDocument();
    expect(container.querySelector('s')).toBeNull();
  });

  it('strikes out the previous amount when it differs', () => {
    const { container } = render(
      <PremiumDisplay
        header="Monthly price"
        previousAmount={5999}
        currentAmount={4999}
        suffix="per month"
      />,
    );
    const struck = container.querySelector('s');
    expect(struck).toHaveTextContent('£59.99');
    expect(screen.getByText('£49.99')).toBeInTheDocument();
    expect(screen.getByText('per month')).toBeInTheDocument();
    expect(container).toHaveTextContent('Was £59.99 Now £49.99');
  });

  it('has no previous amount when none is given', () => {
    const { container } = render(<PremiumDisplay header="Total" currentAmount={100} />);
    expect(container.querySelector('s')).toBeNull();
    expect(container).toHaveTextContent('Total£1.00');
  });
});

describe('LineItem', () => {
  it('renders header as term and amounts as definition', () => {
    render(
      <LineItemList>
        <LineItem header="Breakdown cover" previousAmount={500} currentAmount={700} />
        <LineItem header="Legal cover" previousAmount={300} currentAmount={300} />
      </LineItemList>,
    );
    expect(screen.getAllByRole('term').map((term) => term.textContent)).toEqual([
      'Breakdown cover',
      'Legal cover',
    ]);
    const definitions = screen.getAllByRole('definition');
    expect(definitions[0]?.querySelector('s')).toHaveTextContent('£5.00');
    expect(definitions[0]).toHaveTextContent('£7.00');
    expect(definitions[1]?.querySelector('s')).toBeNull();
  });
});
