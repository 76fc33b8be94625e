import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { ClaimResponse, PolicyResponse } from '@motor/contract';
import type { Permission } from '@motor/domain';
import { Button } from '../../components/ui/button';
import { isApiError } from '../../lib/api-client';
import { useAuth } from '../../lib/auth';
import { brand, brandFeatures } from '../../lib/brand';
import { listDrivers } from '../../lib/policy/policy-facts';
import { useCreateFnolLink } from './api/create-fnol-link';
import { useClaims } from './api/get-claims';
import { ClaimFormModal } from './claim-form';
import { NoClaimsLetterCard } from './no-claims-letter-card';
import { FailureNotice } from '../../components/ui/failure-notice';

// The claims tab (spec 3 §2 "Claims tab", §4, §7): the policy's claims, the brand's claims line,
// e-mail and FAQ, and the online claim for ACTIVE policies when the brand has axitechFnol. Staff
// with action:mta-claims add and correct claims (spec 3 §6); everyone else reads them.

const EDIT_CLAIMS_PERMISSION: Permission = 'action:mta-claims';

/** Whether the signed-in person may add and correct claims: staff with action:mta-claims. */
function useCanEditClaims(): boolean {
  const { isAdmin, permissions } = useAuth();
  return isAdmin && (permissions ?? []).includes(EDIT_CLAIMS_PERMISSION);
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A calendar date 'yyyy-MM-dd' as 'dd MMM yyyy' (01 Mar 2026); no time zone is involved. */
export function formatClaimDate(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  const month = match ? MONTHS[Number(match[2]) - 1] : undefined;
  return match && month ? `${match[3]} ${month} ${match[1]}` : isoDate;
}

function ClaimItem({
  claim,
  onCorrect,
}: {
  claim: ClaimResponse;
  /** Staff with the permission only: opens the correction form. */
  onCorrect?: () => void;
}) {
  const { t } = useTranslation('claims');
  const headingId = `claim-${claim.claimReference}`;
  return (
    <li className="claims-list__item" aria-labelledby={headingId}>
      <h3 id={headingId} className="claims-list__type">
        {t(`types.${claim.claimType}`, { defaultValue: claim.claimType })}
      </h3>
      <dl className="claims-list__fields">
        <div>
          <dt>{t('fields.status')}</dt>
          <dd>
            <span className={`claim-status claim-status--${claim.status.toLowerCase()}`}>
              {t(`status.${claim.status}`)}
            </span>
          </dd>
        </div>
        <div>
          <dt>{t('fields.insuredName')}</dt>
          <dd>{claim.insuredName}</dd>
        </div>
        <div>
          <dt>{t('fields.occurredDate')}</dt>
          <dd>
            <time dateTime={claim.occurredDate}>{formatClaimDate(claim.occurredDate)}</time>
          </dd>
        </div>
        <div>
          <dt>{t('fields.claimReference')}</dt>
          <dd>{claim.claimReference}</dd>
        </div>
      </dl>
      {onCorrect ? (
        <Button
          variant="inverted"
          layout="small"
          aria-label={t('staff.correctLabel', { claimReference: claim.claimReference })}
          onClick={onCorrect}
        >
          {t('staff.correct')}
        </Button>
      ) : null}
    </li>
  );
}

function ClaimsList({
  policyNumber,
  onCorrect,
}: {
  policyNumber: string;
  onCorrect?: (claim: ClaimResponse) => void;
}) {
  const { t } = useTranslation('claims');
  const claims = useClaims(policyNumber);
  if (claims.isPending) {
    return (
      <p role="status" className="claims-tab__loading">
        {t('loading')}
      </p>
    );
  }
  if (claims.isError) {
    return (
      <div role="alert" className="notice notice--critical">
        <p>{t('failed')}</p>
        <Button variant="inverted" layout="small" onClick={() => void claims.refetch()}>
          {t('retry')}
        </Button>
      </div>
    );
  }
  if (claims.data.length === 0) return <p className="claims-tab__empty">{t('empty')}</p>;
  return (
    <ul className="claims-list" aria-label={t('listLabel', { policyNumber })}>
      {claims.data.map((claim) => (
        <ClaimItem
          key={claim.claimReference}
          claim={claim}
          onCorrect={onCorrect ? () => onCorrect(claim) : undefined}
        />
      ))}
    </ul>
  );
}

/** The brand's privacy notice: the footer's link to it, else the standard content page. */
function privacyPolicyPath(): string {
  const link = brand.footer.links.find((candidate) => /privacy/i.test(candidate.href));
  return link?.href.startsWith('/') ? link.href : `${brand.contentBaseUrl}/static/privacy.html`;
}

function OnlineClaimButton({
  policy,
  contact,
}: {
  policy: PolicyResponse;
  contact: { phone: string; email: string };
}) {
  const { t } = useTranslation('claims');
  const createLink = useCreateFnolLink();
  const refused = isApiError(createLink.error) && createLink.error.status === 409;

  function start() {
    createLink.mutate(
      {
        policyId: policy.policyId,
        callbackUrl: window.location.pathname,
        privacyPolicyUrl: privacyPolicyPath(),
        telephone: contact.phone,
        email: contact.email,
      },
      { onSuccess: ({ url }) => window.location.assign(url) },
    );
  }

  return (
    <>
      <Button onClick={start} disabled={createLink.isPending || createLink.isSuccess}>
        {createLink.isPending ? t('online.opening') : t('online.button')}
      </Button>
      {createLink.isError && (
        <FailureNotice>{refused ? t('online.unavailable') : t('online.failed')}</FailureNotice>
      )}
    </>
  );
}

/** The claims tab of a policy: its claims, how to claim and, when allowed, the online claim. */
export function ClaimsTab({ policy }: { policy: PolicyResponse }) {
  const { t } = useTranslation('claims');
  const [searchParams] = useSearchParams();
  const submitted = searchParams.get('claimReference');
  const contact = brand.claims;
  const canEdit = useCanEditClaims();
  // The form open: 'new' to add a claim, else the claim being corrected.
  const [editing, setEditing] = useState<ClaimResponse | 'new' | null>(null);
  const [saved, setSaved] = useState<{
    claimReference: string;
    kind: 'added' | 'corrected';
  } | null>(null);
  const holderName = listDrivers(policy).find((driver) => driver.isPolicyholder)?.name ?? '';
  const canClaimOnline =
    Boolean(brandFeatures.axitechFnol) &&
    policy.policyDetail.policyStatus === 'ACTIVE' &&
    contact !== undefined;

  return (
    <div className="claims-tab">
      <section className="claims-tab__main" aria-labelledby="claims-heading">
        <h2 id="claims-heading">{t('title')}</h2>
        {submitted && (
          <p role="status" className="notice notice--success">
            {t('submitted', { claimReference: submitted })}
          </p>
        )}
        {saved && (
          <p role="status" className="notice notice--success">
            {t(`staff.${saved.kind}`, { claimReference: saved.claimReference })}
          </p>
        )}
        {canEdit && (
          <Button variant="inverted" onClick={() => setEditing('new')}>
            {t('staff.add')}
          </Button>
        )}
        <ClaimsList
          policyNumber={policy.policyNumber}
          onCorrect={canEdit ? (claim) => setEditing(claim) : undefined}
        />
        {canEdit && (
          <ClaimFormModal
            isOpen={editing !== null}
            onClose={() => setEditing(null)}
            policyNumber={policy.policyNumber}
            claim={editing === 'new' || editing === null ? undefined : editing}
            insuredName={holderName}
            onSaved={(claim) => {
              setSaved({
                claimReference: claim.claimReference,
                kind: editing === 'new' ? 'added' : 'corrected',
              });
              setEditing(null);
            }}
          />
        )}
      </section>
      {contact && (
        <aside className="claims-tab__sidebar" aria-labelledby="claims-sidebar-heading">
          <h2 id="claims-sidebar-heading">{t('sidebar.title')}</h2>
          <p>{t('sidebar.intro')}</p>
          <ul className="claims-contact">
            <li>
              {t('sidebar.phone')}{' '}
              <a href={`tel:${contact.phone.replace(/\s+/g, '')}`}>{contact.phone}</a>
            </li>
            <li>
              {t('sidebar.email')} <a href={`mailto:${contact.email}`}>{contact.email}</a>
            </li>
            <li>
              <a href={contact.faqUrl} target="_blank" rel="noopener noreferrer">
                {t('sidebar.faq')}
              </a>
            </li>
          </ul>
          {canClaimOnline && <OnlineClaimButton policy={policy} contact={contact} />}
          <NoClaimsLetterCard policy={policy} />
        </aside>
      )}
    </div>
  );
}
