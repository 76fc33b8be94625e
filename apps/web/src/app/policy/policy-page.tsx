import { Navigate, Route, Routes, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { getPolicyTabs, isPolicyViewable, type PolicyTab } from '@motor/domain';
import { Spinner } from '../../components/ui/spinner';
import { BillingTab } from '../../features/policy-billing';
import {
  CancelRoutes,
  CancelSidebarCard,
  CancellationConfirmationPage,
} from '../../features/policy-cancellation';
import {
  CHANGE_AREAS,
  PolicyChangeArea,
  SavedChangeNotices,
  SavedChangePage,
  usePolicyEditLinks,
  usePrefetchSavedChanges,
} from '../../features/policy-changes';
import { ClaimsTab } from '../../features/policy-claims';
import { DetailsTab, usePrefetchPolicyMid } from '../../features/policy-details';
import { PolicyDocuments } from '../../features/policy-documents';
import { UploadConfirmationPage, UploadPage } from '../../features/policy-uploads';
import { paths } from '../../lib/paths';
import { usePolicy, type Policy } from '../../lib/policy/get-policy';
import { describeCar } from '../../lib/policy/policy-facts';
import { findSchemeByCode } from '../../lib/schemes';
import { PolicyTabNav, TAB_PATHS } from './policy-tab-nav';
import { UpsellBanner } from './upsell-banner';

// The policy area (spec 3 §2): tabs by status — ACTIVE and PENDING all four, CANCELLED and LAPSED
// billing and claims, VOIDED and NTU billing only, never billing for driveaway; RENEWED and a
// missing policy go home; an unknown sub-path or a tab the status does not have goes to the root,
// which shows the first tab.

// Each tab is a feature of its own (features/policy-*), and a feature never imports another: the
// page composes them here, handing the details tab the change links and the cancel card that the
// changes and cancellation features own.

function PolicyDetails({ policy, root }: { policy: Policy; root: string }) {
  const editLinks = usePolicyEditLinks(policy);
  return (
    <DetailsTab
      policy={policy}
      editLinks={editLinks}
      cancelCard={<CancelSidebarCard policy={policy} root={root} />}
    />
  );
}

function TabContent({ tab, policy, root }: { tab: PolicyTab; policy: Policy; root: string }) {
  switch (tab) {
    case 'details':
      return <PolicyDetails policy={policy} root={root} />;
    case 'documents':
      return <PolicyDocuments policy={policy} />;
    case 'billing':
      return <BillingTab policy={policy} />;
    case 'claims':
      return <ClaimsTab policy={policy} />;
  }
}

export function PolicyPage() {
  const { t } = useTranslation('servicing');
  const { policyId = '', '*': subPath = '' } = useParams();
  const { data: policy, isPending } = usePolicy(policyId);
  // The notices of a tab page (saved changes above the tabs, the MID on the details tab) are read
  // beside the policy, not after it, so that they are there when the page first paints rather
  // than pushing it down later. The change, cancel and upload pages show neither.
  const isTabPage = subPath === '' || Object.values(TAB_PATHS).includes(subPath);
  usePrefetchSavedChanges(policyId, isTabPage);
  usePrefetchPolicyMid(policyId, subPath === '' || subPath === TAB_PATHS.details);
  if (isPending) return <Spinner isBlock size="large" />;
  const scheme = policy ? findSchemeByCode(policy.schemeCode) : null;
  if (!policy || !scheme || !isPolicyViewable(policy.policyDetail.policyStatus)) {
    return <Navigate to={paths.home()} replace />;
  }
  const tabs = getPolicyTabs({
    status: policy.policyDetail.policyStatus,
    productKind: scheme.productKind,
  });
  const [first] = tabs;
  // A driveaway policy that was never taken up has no tab at all.
  if (!first) return <Navigate to={paths.home()} replace />;
  const root = paths.policy(scheme.urlName, policy.policyId);
  // Uploads are for a policy in force or about to be (spec 3 §2 sub-routes).
  const canUpload = ['ACTIVE', 'PENDING'].includes(policy.policyDetail.policyStatus);
  const car = describeCar(policy);
  const status = policy.policyDetail.policyStatus;
  // Cancelling is for a policy in force or about to be; its confirmation also for the cancelled.
  const canCancel = ['ACTIVE', 'PENDING'].includes(status);
  const hasCancellation = canCancel || ['CANCELLED', 'VOIDED'].includes(status);

  return (
    <Routes>
      {canCancel ? <Route path="cancel/*" element={<CancelRoutes />} /> : null}
      {hasCancellation ? (
        <Route
          path="cancellation-confirmation"
          element={<CancellationConfirmationPage policy={policy} />}
        />
      ) : null}
      {/* Changes (spec 3 §2): the area itself shows change-not-allowed when not ACTIVE/PENDING. */}
      {CHANGE_AREAS.map((area) => (
        <Route
          key={area}
          path={`${area}/*`}
          element={<PolicyChangeArea policy={policy} area={area} />}
        />
      ))}
      {/* A saved change returned to (issue 35 item 5), like any change on a policy in force or
          about to be: priced again, then its review. */}
      {canCancel ? (
        <Route path="saved-change/:adjustmentId" element={<SavedChangePage policy={policy} />} />
      ) : null}
      {canUpload ? (
        <>
          <Route path="uploads/:type" element={<UploadPage />} />
          <Route path="uploads/:type/confirmation" element={<UploadConfirmationPage />} />
        </>
      ) : null}
      <Route
        path="*"
        element={
          <>
            <div className="page-header">
              <h1>{t('title')}</h1>
              <p className="text-muted">
                {[scheme.name, t('number', { number: policy.policyNumber }), car.registration]
                  .filter(Boolean)
                  .join(' · ')}
              </p>
            </div>
            <UpsellBanner policy={policy} />
            {canCancel ? <SavedChangeNotices policyId={policy.policyId} root={root} /> : null}
            <PolicyTabNav tabs={tabs} root={root} />
            <div className="policy-area__content">
              <Routes>
                <Route index element={<TabContent tab={first} policy={policy} root={root} />} />
                {tabs
                  .filter((tab) => tab !== first)
                  .map((tab) => (
                    <Route
                      key={tab}
                      path={TAB_PATHS[tab]}
                      element={<TabContent tab={tab} policy={policy} root={root} />}
                    />
                  ))}
                <Route path="*" element={<Navigate to={root} replace />} />
              </Routes>
            </div>
          </>
        }
      />
    </Routes>
  );
}
