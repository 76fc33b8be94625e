import { useState, type ReactElement } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  OptOutReasonForm,
  findOptOutProblem,
  toOptOutRequest,
  type OptOutChoice,
} from '../../components/form/opt-out-reason-fields';
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
  const { t: tServicing } = useTranslation('servicing');
  const navigate = useNavigate();
  const source = proposal.sourcePolicy!;
  const optOut = useOptOutOfRenewal({
    policyId: source.policyId,
    proposalCode: proposal.proposalCode,
  });
  const [choice, setChoice] = useState<OptOutChoice>({ reason: '', details: '' });
  const [error, setError] = useState<string | null>(null);
  const endsAt = source.detail.expiredAt ?? proposal.startAt;

  const submit = async () => {
    const problem = findOptOutProblem(choice);
    if (problem) return setError(tServicing(problem));
    setError(null);
    try {
      await optOut.mutateAsync(toOptOutRequest(choice));
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
        choice={choice}
        onChange={setChoice}
        error={error}
        onSubmit={submit}
        isPending={optOut.isPending}
        submitLabel={t('optOut.submit')}
      />
      <p>
        <Link to={base}>{t('optOut.back')}</Link>
      </p>
    </div>
  );
}
