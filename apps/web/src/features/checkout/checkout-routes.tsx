import { Navigate, Route, Routes, useParams } from 'react-router';
import { checkoutPaths } from './checkout-paths';
import { BankCallbackPage } from './bank-callback-page';
import { CheckoutPage } from './checkout-page';
import { CardCallbackPage, PaymentResultErrorPage } from './checkout-status-pages';

/** Unknown sub-paths of checkout go up one level (spec 2 §2). */
function UpOneLevel() {
  const { productUrlName = '', proposalCode = '' } = useParams();
  return <Navigate to={checkoutPaths.checkout(productUrlName, proposalCode)} replace />;
}

/**
 * checkout/* of a QUOTE proposal: the payment page, the card and bank return pages and the error
 * page.
 */
export function CheckoutRoutes() {
  return (
    <Routes>
      <Route index element={<CheckoutPage />} />
      <Route path="callback" element={<CardCallbackPage />} />
      <Route path="bank-callback" element={<BankCallbackPage />} />
      <Route path="payment-error" element={<PaymentResultErrorPage />} />
      <Route path="*" element={<UpOneLevel />} />
    </Routes>
  );
}
