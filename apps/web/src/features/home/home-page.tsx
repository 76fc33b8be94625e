import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { isPolicyEnded } from '@motor/domain';
import { Tabs } from '../../components/ui/tabs';
import { useAuth } from '../../lib/auth';
import { getImpersonatedUserId } from '../../lib/auth/impersonation';
import { paths } from '../../lib/paths';
import { usePolicyholder } from '../../lib/policyholder';
import { usePolicies, type PolicySummary } from './api/get-policies';
import { useProposals, type ProposalSummary } from './api/get-proposals';
import { getPaymentNotices, useCustomerAccounts, usePaymentMethods } from './api/payment-methods';
import { REDIRECT_FLOW_PARAM } from '../../lib/payment-methods';
import { CompleteMandate } from './components/complete-mandate';
import { PaymentNotices } from './components/payment-notices';
import { PolicyCards } from './components/policy-cards';
import { ProductStartCards } from './components/product-start-cards';
import { ProposalsList } from './components/proposals-list';
import { SignInPromo } from './components/sign-in-promo';
import { PageHeader } from '../../components/ui/page-header';

/** Proposals that have a card: a bought one (POLICY) shows as its policy instead. */
const withCards = (proposals: ProposalSummary[]) =>
  proposals.filter((proposal) => proposal.status !== 'POLICY');

/** Policies that have a card: a RENEWED term is replaced by its renewal. */
const policiesWithCards = (policies: PolicySummary[]) =>
  policies.filter((policy) => policy.policyDetail.policyStatus !== 'RENEWED');

function Loading() {
  const { t } = useTranslation('home');
  return (
    <p role="status" className="text-muted">
      {t('proposals.loading')}
    </p>
  );
}

function AnonymousHome() {
  const proposals = useProposals();
  const visible = withCards(proposals.data ?? []);
  return (
    <div className="home__layout">
      <div className="home__main">
        {proposals.isPending ? <Loading /> : null}
        {visible.length > 0 ? <ProposalsList proposals={visible} /> : null}
        {/* Spec 1 §2 shows start cards only when there are no proposals; a visitor who has
            retrieved a quote (or started one) may still start another (issue 31 item 9). */}
        {proposals.isPending ? null : (
          <ProductStartCards
            isMore={visible.length > 0}
            schemeCodesInProgress={visible.map((proposal) => proposal.schemeCode)}
          />
        )}
      </div>
      <aside className="home__aside">
        <SignInPromo />
      </aside>
    </div>
  );
}

function SignedInHome() {
  const { t } = useTranslation('home');
  const proposals = useProposals();
  const policies = usePolicies();
  const accounts = useCustomerAccounts();
  const paymentMethods = usePaymentMethods();
  const proposalCards = withCards(proposals.data ?? []);
  const policyCards = policiesWithCards(policies.data ?? []);
  const notices =
    accounts.data && paymentMethods.data && policies.data
      ? getPaymentNotices({
          accounts: accounts.data,
          policyAccounts: policyCards.flatMap((policy) => policy.accounts),
          paymentMethods: paymentMethods.data,
        })
      : [];
  const isPending = proposals.isPending || policies.isPending;
  const hasBoth = policyCards.length > 0 && proposalCards.length > 0;

  return (
    <>
      <PaymentNotices notices={notices} />
      {isPending ? <Loading /> : null}
      {/* Tabs with counts only when both exist (spec 1 §2); otherwise the one list. */}
      {hasBoth ? (
        <Tabs
          label={t('tabs.label')}
          tabs={[
            {
              label: t('tabs.policies', { count: policyCards.length }),
              content: <PolicyCards policies={policyCards} isInTab />,
            },
            {
              label: t('tabs.proposals', { count: proposalCards.length }),
              content: <ProposalsList proposals={proposalCards} isInTab />,
            },
          ]}
        />
      ) : null}
      {!hasBoth && policyCards.length > 0 ? <PolicyCards policies={policyCards} /> : null}
      {!hasBoth && proposalCards.length > 0 ? <ProposalsList proposals={proposalCards} /> : null}
      {isPending ? null : (
        <ProductStartCards
          isMore={policyCards.length + proposalCards.length > 0}
          schemeCodesInProgress={proposalCards.map((proposal) => proposal.schemeCode)}
          schemeCodesHeld={(policies.data ?? []).map((policy) => policy.schemeCode)}
          schemeCodesInForce={policyCards
            .filter((policy) => !isPolicyEnded(policy.policyDetail.policyStatus))
            .map((policy) => policy.schemeCode)}
        />
      )}
    </>
  );
}

function Greeting({ firstName, intro }: { firstName: string | undefined; intro: string }) {
  const { t } = useTranslation('home');
  return (
    <PageHeader
      title={firstName ? t('greeting', { name: firstName }) : t('greetingAnonymous')}
      lead={intro}
    />
  );
}

/**
 * Staff see a customer's home only while acting for one (issue 31 item 5): greeted by the
 * customer's name, as the API answers for them. Acting for nobody, nothing is theirs to list
 * (the API would refuse every list): the way to choose a customer instead.
 */
function StaffHome() {
  const { t } = useTranslation('home');
  const { user } = useAuth();
  const isActing = getImpersonatedUserId() !== null;
  const { data: customer } = usePolicyholder({ enabled: isActing, handlesErrors: true });
  if (!isActing) {
    return (
      <div className="home">
        <Greeting firstName={user?.firstName} intro={t('staff.notActing')} />
        <p>
          <Link className="standalone-link" to={paths.admin()}>
            {t('staff.console')}
          </Link>
        </p>
      </div>
    );
  }
  return (
    <div className="home">
      <Greeting firstName={customer?.firstName ?? undefined} intro={t('staff.acting')} />
      <SignedInHome />
    </div>
  );
}

export function HomePage() {
  const { t } = useTranslation('home');
  const { isAuthenticated, isAdmin, user } = useAuth();
  const [searchParams] = useSearchParams();
  const redirectFlowId = searchParams.get(REDIRECT_FLOW_PARAM);

  if (isAuthenticated && isAdmin) return <StaffHome />;
  return (
    <div className="home">
      {isAuthenticated ? (
        <Greeting firstName={user?.firstName} intro={t('signedInIntro')} />
      ) : (
        <PageHeader title={t('title')} lead={t('intro')} />
      )}
      {isAuthenticated && redirectFlowId ? (
        <CompleteMandate redirectFlowId={redirectFlowId} />
      ) : isAuthenticated ? (
        <SignedInHome />
      ) : (
        <AnonymousHome />
      )}
    </div>
  );
}
