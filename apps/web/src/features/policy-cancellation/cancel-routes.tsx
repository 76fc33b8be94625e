import { Navigate, Route, Routes, useParams } from 'react-router';
import { Spinner } from '../../components/ui/spinner';
import { getProductConfig } from '../../lib/brand-products';
import { paths } from '../../lib/paths';
import { findSchemeByUrlName } from '../../lib/schemes';
import { CancelConfirmPage } from './cancel-confirm-page';
import { CancelFormPage } from './cancel-form-page';
import { useCancellationOptions } from './api/cancellation-api';

/**
 * policy/{policyId}/cancel/* (spec 3 §2 "Cancel flow"): the form at the index, then confirm; any
 * other sub-path, and the whole flow when the policy may not be cancelled now, go to the policy.
 */
export function CancelRoutes() {
  const { productUrlName = '', policyId = '' } = useParams();
  const options = useCancellationOptions(policyId);
  const root = paths.policy(productUrlName, policyId);
  const scheme = findSchemeByUrlName(productUrlName);
  // A free product (Driveaway) took nothing, so its cancel page promises no refund.
  const isFree = scheme ? getProductConfig(scheme.schemeCode).free : false;
  if (options.isPending) return <Spinner isBlock size="large" />;
  if (!options.data?.allowed) return <Navigate to={root} replace />;
  return (
    <Routes>
      <Route
        index
        element={<CancelFormPage options={options.data} root={root} isFree={isFree} />}
      />
      <Route path="confirm" element={<CancelConfirmPage policyId={policyId} root={root} />} />
      <Route path="*" element={<Navigate to={root} replace />} />
    </Routes>
  );
}
