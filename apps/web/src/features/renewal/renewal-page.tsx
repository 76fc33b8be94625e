import type { ReactElement } from 'react';
import { Navigate, Route, Routes, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/ui/spinner';
import { getProductConfig } from '../../lib/brand-products';
import { paths } from '../../lib/paths';
import { useProposal } from '../../lib/proposal-query';
import { findSchemeByUrlName } from '../../lib/schemes';
import { RenewalDriverPage, RenewalSectionPage } from './renewal-disclosure-page';
import { RenewalOptOutPage } from './renewal-opt-out-page';
import { RenewalQuotePage } from './renewal-quote-page';
import { RenewalReferralPage } from './renewal-referral-page';
import { getRenewalScreen, isRenewalOpen } from './renewal-rules';

/**
 * /{product}/renewal/{proposalCode}/* (spec 2 §2 "Renewal"; sign-in is the route table's): only
 * for a renewal whose renewal is not stopped and whose auto-renewal is on, otherwise home. The
 * index is the quote page (QUOTE, POLICY) or the referral page (REFERRAL); any other status
 * raises 'Renewal unsupported in status {status}'. Also the opt-out page and disclosure/{sectionId}/*
 * (the editable sections: additional drivers, each driver at profile/{profileCode}, a new one at
 * profile).
 */
export function RenewalPage(): ReactElement {
  const { t } = useTranslation('renewal');
  const { productUrlName = '', proposalCode = '' } = useParams();
  const renewal = useProposal(proposalCode);
  const home = <Navigate to={paths.home()} replace />;
  if (renewal.isPending) return <Spinner label={t('loading')} />;
  if (renewal.isError) return <p className="text-muted">{t('failed')}</p>;
  const proposal = renewal.data;
  const scheme = findSchemeByUrlName(productUrlName);
  if (!proposal || !scheme || scheme.schemeCode !== proposal.schemeCode) return home;
  if (!isRenewalOpen(proposal)) return home;
  const product = getProductConfig(proposal.schemeCode);
  const base = paths.renewal(productUrlName, proposalCode);
  // What every renewal page is given.
  const page = { proposal, product, base };
  const screen = getRenewalScreen(proposal);
  return (
    <Routes>
      <Route
        index
        element={
          screen === 'referral' ? (
            <RenewalReferralPage proposal={proposal} />
          ) : (
            <RenewalQuotePage {...page} />
          )
        }
      />
      <Route path="opt-out" element={<RenewalOptOutPage {...page} />} />
      <Route path="disclosure/:sectionId" element={<RenewalSectionPage {...page} />} />
      <Route path="disclosure/:sectionId/profile" element={<RenewalDriverPage {...page} />} />
      <Route
        path="disclosure/:sectionId/profile/:profileCode"
        element={<RenewalDriverPage {...page} />}
      />
      <Route path="*" element={<Navigate to={base} replace />} />
    </Routes>
  );
}
