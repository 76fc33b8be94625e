import type { ReactElement, ReactNode } from 'react';
import { Link } from 'react-router';

/** A change page: a way back, the heading (focus lands on main on navigation), its content. */
export function ChangePageLayout({
  title,
  intro,
  back,
  children,
}: {
  title: string;
  intro?: ReactNode;
  back?: { to: string; label: string };
  children?: ReactNode;
}): ReactElement {
  return (
    <div className="policy-change">
      {back ? (
        <p className="policy-change__back">
          <Link to={back.to}>{back.label}</Link>
        </p>
      ) : null}
      <div className="page-header">
        <h1>{title}</h1>
        {intro ? <p className="lead">{intro}</p> : null}
      </div>
      {children}
    </div>
  );
}
