import type { ReactElement, ReactNode } from 'react';

/**
 * A card named by its heading (an h2), with an optional muted line under the heading saying what
 * it is for; `className` adds the page's own class.
 */
export function TitledCard(props: {
  titleId: string;
  title: ReactNode;
  className?: string;
  intro?: ReactNode;
  children: ReactNode;
}): ReactElement {
  return (
    <section
      className={props.className ? `card ${props.className}` : 'card'}
      aria-labelledby={props.titleId}
    >
      <h2 id={props.titleId}>{props.title}</h2>
      {props.intro ? <p className="text-muted">{props.intro}</p> : null}
      {props.children}
    </section>
  );
}
