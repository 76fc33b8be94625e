import { useTranslation } from 'react-i18next';
import { useAuth } from '../../lib/auth';
import { useProposals } from './api/get-proposals';
import { ProductStartCards } from './components/product-start-cards';
import { ProposalsList } from './components/proposals-list';
import { SignInPromo } from './components/sign-in-promo';

export function HomePage() {
  const { t } = useTranslation();
  const { isAuthenticated, user } = useAuth();
  const proposals = useProposals();
  const list = proposals.data ?? [];
  const visible = list.filter((proposal) => proposal.status !== 'POLICY');

  return (
    <div className="home">
      <div className="page-header">
        <h1>
          {isAuthenticated && user?.firstName
            ? t('home.greeting', { name: user.firstName })
            : t('home.title')}
        </h1>
        <p className="lead">{t('home.intro')}</p>
      </div>
      {proposals.isPending ? (
        <p role="status" className="text-muted">
          {t('home.proposals.loading')}
        </p>
      ) : null}
      <div className="home__layout">
        <div className="home__main">
          {visible.length > 0 ? <ProposalsList proposals={visible} /> : null}
          {/* Anonymous: start cards only without proposals; signed in: always (spec 1 §2). */}
          {!proposals.isPending && (isAuthenticated || visible.length === 0) ? (
            <ProductStartCards />
          ) : null}
        </div>
        {isAuthenticated ? null : (
          <aside className="home__aside">
            <SignInPromo />
          </aside>
        )}
      </div>
    </div>
  );
}
