import type { ReactElement } from 'react';
import { Navigate, Route, Routes, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../components/ui/spinner';
import { AccountSetupPage, CheckoutRoutes, CheckoutSuccessPage } from '../features/checkout';
import {
  AddOnsPage,
  ConfigurationPage,
  ExpiredQuotePage,
  InsufficientAccuracyPage,
  ReferralPage,
  SummaryPage,
  UpgradePage,
  isEligibilityUnconfirmed,
  type Proposal,
} from '../features/quote';
import { BeforeWeBeginPage, DisclosureRoutes } from '../features/quote/disclosure';
import { useProposal } from '../lib/proposal-query';
import { findSchemeByCode } from '../lib/schemes';
import { paths } from '../lib/paths';

/** The screens of one proposal status, as routes relative to the proposal path. */
function routesFor(proposal: Proposal, base: string): ReactElement {
  const home = <Navigate to={paths.home()} replace />;
  const index = <Navigate to={base} replace />;
  const disclosure = <Route path="disclosure/*" element={<DisclosureRoutes />} />;
  switch (proposal.status) {
    case 'REFERRAL':
      return (
        <Routes>
          <Route index element={<ReferralPage proposal={proposal} />} />
          {disclosure}
          <Route path="*" element={index} />
        </Routes>
      );
    case 'QUOTE_EXPIRED':
      return (
        <Routes>
          <Route index element={<ExpiredQuotePage proposal={proposal} />} />
          <Route path="*" element={index} />
        </Routes>
      );
    case 'INSUFFICIENT_ACCURACY':
      return (
        <Routes>
          <Route
            index
            element={
              isEligibilityUnconfirmed(proposal) ? (
                <BeforeWeBeginPage />
              ) : (
                <InsufficientAccuracyPage proposal={proposal} />
              )
            }
          />
          {disclosure}
          <Route path="*" element={index} />
        </Routes>
      );
    case 'QUOTE':
      return (
        <Routes>
          <Route index element={<ConfigurationPage proposal={proposal} />} />
          <Route path="add-ons" element={<AddOnsPage proposal={proposal} />} />
          <Route path="account-setup" element={<AccountSetupPage />} />
          {disclosure}
          <Route path="upgrade" element={<UpgradePage proposal={proposal} />} />
          <Route path="summary" element={<SummaryPage proposal={proposal} />} />
          <Route path="checkout/*" element={<CheckoutRoutes />} />
          <Route path="*" element={home} />
        </Routes>
      );
    case 'POLICY':
      return (
        <Routes>
          <Route path="checkout/*" element={<CheckoutSuccessPage />} />
          <Route path="*" element={home} />
        </Routes>
      );
  }
}

/**
 * /:productUrlName/proposal/:proposalCode/* — routed by the proposal's status (spec 1 §2,
 * spec 2 §2). A renewal reached through the proposal path goes home, as does an unknown one.
 */
export function ProposalRoutes() {
  const { t } = useTranslation('quote');
  const { productUrlName = '', proposalCode = '', '*': rest = '' } = useParams();
  const proposal = useProposal(proposalCode);

  if (proposal.isPending) return <Spinner label={t('loading')} isBlock />;
  if (proposal.isError) {
    // The error modal explains what went wrong.
    return <p className="text-muted">{t('failed')}</p>;
  }
  if (proposal.data === null || proposal.data.sourcePolicy) {
    return <Navigate to={paths.home()} replace />;
  }
  // A proposal reached under another product's path moves to its own (links build on it).
  const scheme = findSchemeByCode(proposal.data.schemeCode);
  if (scheme && scheme.urlName !== productUrlName) {
    const own = paths.proposal(scheme.urlName, proposalCode);
    return <Navigate to={rest ? `${own}/${rest}` : own} replace />;
  }
  return routesFor(proposal.data, paths.proposal(productUrlName, proposalCode));
}
