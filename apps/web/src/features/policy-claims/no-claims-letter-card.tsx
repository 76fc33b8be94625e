import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { canIssueNoClaimsLetter } from '@motor/domain';
import type { Policy } from '../../lib/policy/get-policy';
import { useOpenPolicyDocument } from '../../components/policy/use-open-policy-document';
import { TitledCard } from '../../components/ui/titled-card';

/**
 * Proof of no claims (issue 17 item 6): once cover has ended, a card offering the letter the next
 * insurer can read for the no-claims discount. Nothing while the policy is in force.
 */
export function NoClaimsLetterCard({ policy }: { policy: Policy }): ReactElement | null {
  const { t } = useTranslation();
  const { open, opening, missingModal } = useOpenPolicyDocument(policy.policyId);
  if (!canIssueNoClaimsLetter(policy.policyDetail.policyStatus)) return null;
  return (
    <TitledCard titleId="no-claims-letter-heading" title={t('policy.noClaimsLetter.title')}>
      <p>{t('policy.noClaimsLetter.intro')}</p>
      <button
        type="button"
        className="link-button"
        onClick={() => void open('no-claims-letter')}
        disabled={opening !== null}
      >
        {t('policy.documents.no-claims-letter')}
      </button>
      {missingModal}
    </TitledCard>
  );
}
