import type { ReactElement, ReactNode } from 'react';

/**
 * A section of a quote page (new business or renewal): a card named by its heading, with an
 * optional muted line under the heading saying what the section is for.
 */
export function QuoteSection(props: {
  titleId: string;
  title: ReactNode;
  intro?: ReactNode;
  children: ReactNode;
}): ReactElement {
  return (
    <section className="card quote-section" aria-labelledby={props.titleId}>
      <h2 id={props.titleId}>{props.title}</h2>
      {props.intro ? <p className="text-muted">{props.intro}</p> : null}
      {props.children}
    </section>
  );
}
