import type { ReactElement, ReactNode } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../components/ui/page-header';

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
      <PageHeader title={title} lead={intro} />
      {children}
    </div>
  );
}
