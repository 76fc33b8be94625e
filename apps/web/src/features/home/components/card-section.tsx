import type { ReactElement, ReactNode } from 'react';

// A home page section of cards (the policies, the proposals, the products to start): its
// heading, then the cards in a grid. One markup for the three lists.

export function CardSection({
  titleId,
  title,
  isInTab = false,
  children,
}: {
  titleId: string;
  title: string;
  /** In a tab the tab names the list: its heading is for screen readers only, and it keeps the
   * cards' h3 under an h2 (heading order). */
  isInTab?: boolean;
  /** The cards, each an `li`. */
  children: ReactNode;
}): ReactElement {
  return (
    <section className="home-section" aria-labelledby={titleId}>
      <h2 id={titleId} className={isInTab ? 'visually-hidden' : undefined}>
        {title}
      </h2>
      <ul className="card-grid">{children}</ul>
    </section>
  );
}
