import type { ComponentProps, ReactElement } from 'react';
import { TitledCard } from './titled-card';

/** A section of a quote page (new business or renewal): a titled card of class `quote-section`. */
export function QuoteSection(
  props: Omit<ComponentProps<typeof TitledCard>, 'className'>,
): ReactElement {
  return <TitledCard {...props} className="quote-section" />;
}
