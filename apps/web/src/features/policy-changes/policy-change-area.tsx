import type { ReactElement } from 'react';
import { Navigate, Route, Routes, useNavigate, useParams } from 'react-router';
import type { Policy } from '../../lib/policy/get-policy';
import { AddOnsPage } from './add-ons-page';
import { ChangeNotAllowedModal, InRenewalModal } from './change-modals';
import type { ChangeArea } from './change-paths';
import { DriverPage } from './driver-page';
import { ExcessPage } from './excess-page';
import { ManagementIndexPage } from './management-index-page';
import { getChangeBlock } from './policy-change-rules';
import { ResultPage } from './result-page';
import { ReviewPage } from './review-page';
import { SectionPage } from './section-page';
import { StartDatePage } from './start-date-page';
import { useChangeContext } from './use-change-context';

// The policy-change routes of spec 3 §2 "Management", "Excess and add-ons" under a policy:
// management (index, section/{id}, profile, adjustment/{id}[/result]), excess and add-ons (with
// adjustment/{id}[/result]), review/{id}[/result] and start-date. A policy that cannot be changed
// shows the change-not-allowed (or in-renewal) modal and goes back to the policy.

function BlockedChange({ policy, block }: { policy: Policy; block: 'notAllowed' | 'inRenewal' }) {
  const navigate = useNavigate();
  const { paths } = useChangeContext(policy);
  const close = () => void navigate(paths.root, { replace: true });
  return block === 'inRenewal' ? (
    <InRenewalModal isOpen onClose={close} />
  ) : (
    <ChangeNotAllowedModal isOpen onClose={close} />
  );
}

/** The route segments of the change area under a policy. */
export const CHANGE_AREAS: readonly ChangeArea[] = [
  'management',
  'excess',
  'add-ons',
  'review',
  'start-date',
];

export function PolicyChangeArea({
  policy,
  area,
}: {
  policy: Policy;
  area: ChangeArea;
}): ReactElement {
  const { paths, isAdmin } = useChangeContext(policy);
  const block = getChangeBlock(policy, isAdmin);
  if (block) return <BlockedChange policy={policy} block={block} />;
  const root = paths.root;
  switch (area) {
    case 'management':
      return (
        <Routes>
          <Route index element={<ManagementIndexPage policy={policy} />} />
          <Route path="section/:sectionId" element={<SectionPage policy={policy} />} />
          <Route path="section/:sectionId/profile" element={<DriverPage policy={policy} />} />
          <Route
            path="section/:sectionId/profile/:profileCode"
            element={<DriverPage policy={policy} />}
          />
          <Route
            path="section/:sectionId/adjustment/:adjustmentId"
            element={<SectionReview policy={policy} />}
          />
          <Route
            path="section/:sectionId/adjustment/:adjustmentId/result"
            element={<ResultPage policy={policy} root={root} />}
          />
          <Route path="*" element={<Navigate to={paths.management} replace />} />
        </Routes>
      );
    case 'excess':
    case 'add-ons': {
      const parentPath = area === 'excess' ? paths.excess : paths.addOns;
      return (
        <Routes>
          <Route
            index
            element={
              area === 'excess' ? <ExcessPage policy={policy} /> : <AddOnsPage policy={policy} />
            }
          />
          <Route
            path="adjustment/:adjustmentId"
            element={<ReviewPage policy={policy} parentPath={parentPath} />}
          />
          <Route
            path="adjustment/:adjustmentId/result"
            element={<ResultPage policy={policy} root={root} />}
          />
          <Route path="*" element={<Navigate to={parentPath} replace />} />
        </Routes>
      );
    }
    case 'review':
      return (
        <Routes>
          <Route path=":adjustmentId" element={<ReviewPage policy={policy} parentPath={root} />} />
          <Route path=":adjustmentId/result" element={<ResultPage policy={policy} root={root} />} />
          <Route path="*" element={<Navigate to={root} replace />} />
        </Routes>
      );
    case 'start-date':
      return policy.policyDetail.policyStatus === 'PENDING' ? (
        <StartDatePage policy={policy} />
      ) : (
        <Navigate to={paths.management} replace />
      );
  }
}

/** A section's review goes back to its section. */
function SectionReview({ policy }: { policy: Policy }) {
  const { paths } = useChangeContext(policy);
  const { sectionId = '' } = useParams();
  return <ReviewPage policy={policy} parentPath={paths.section(sectionId)} />;
}
