import type { ReactElement } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SetPolicyAutoRenewalRequest } from '@motor/contract';
import { OptOutReasonForm } from '../../components/form/opt-out-reason-fields';
import type { ProductConfig } from '../../lib/brand-products';
import { formatDate } from '../../lib/format';
import { paths } from '../../lib/paths';
import { useOptOutOfRenewal, type RenewalProposal } from './api/renewal-api';

/**
 * The renewal opt-out page (spec 2 §2, §4; FCA ICOBS 6A.6): turning automatic renewal off needs
 * a reason (Other with details, spec 2 §5); then home.
 */
export function RenewalOptOutPage({
  proposal,
  product,
  base,
}: {
  proposal: RenewalProposal;
  product: ProductConfig;
  base: string;
}): ReactElement {
  const { t } = useTranslation('renewal');
  const navigate = useNavigate();
  const source = proposal.sourcePolicy!;
  const optOut = useOptOutOfRenewal({
    policyId: source.policyId,
    proposalCode: proposal.proposalCode,
  });
  const endsAt = source.detail.expiredAt ?? proposal.startAt;

  const send = async (request: SetPolicyAutoRenewalRequest) => {
    try {
      await optOut.mutateAsync(request);
      await navigate(paths.home(), { replace: true });
    } catch {
      // The error modal explains the failure; the form stays to try again.
    }
  };

  return (
    <div className="quote-page quote-page--narrow">
      <div className="page-header">
        <h1>{t('optOut.title')}</h1>
        <p>{t('optOut.intro', { date: endsAt ? formatDate(endsAt) : '' })}</p>
      </div>
      <OptOutReasonForm
        className="card"
        idPrefix="renewal-opt-out"
        reasons={product.renewal.optOutReasons}
        onSend={send}
        isPending={optOut.isPending}
        submitLabel={t('optOut.submit')}
      />
      <p>
        <Link to={base}>{t('optOut.back')}</Link>
      </p>
    </div>
  );
}
