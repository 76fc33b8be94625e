import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { validateInputs } from '@motor/forms';
import { brandRetrieveInputs, createBrandFormContext } from '../../lib/brand-products';
import { paths } from '../../lib/paths';
import { DateInput } from '../../components/form/date-input';
import { TextInput } from '../../components/form/text-input';
import { Button } from '../../components/ui/button';
import { findSchemeByCode } from '../../lib/schemes';
import {
  getRetrieveFailureStatus,
  useRetrieveProposal,
  type RetrieveDetails,
} from './api/retrieve-proposal';
import { RetrieveFailureDialog } from './components/retrieve-failure-dialog';
import { PageHeader } from '../../components/ui/page-header';

type FieldName = keyof RetrieveDetails;
const EMPTY: RetrieveDetails = { externalReference: '', dateOfBirth: '', postalCode: '' };

/** The reference given by the back-book path (/retrieve/{ref}) or by ?ref=, if any. */
function useGivenReference(): string | null {
  const params = useParams();
  const [searchParams] = useSearchParams();
  const fromPath = params['*']?.split('/')[0]?.trim();
  return fromPath || searchParams.get('ref')?.trim() || null;
}

/**
 * Retrieve a saved quote (spec 2 §2, §5, §8): reference (unless given), date of birth and
 * postcode, all required; then the proposal's own route. The rules are the brand's retrieve
 * inputs run through the form engine, as on the server.
 */
export function RetrievePage() {
  const { t } = useTranslation('retrieve');
  const navigate = useNavigate();
  const givenReference = useGivenReference();
  const retrieve = useRetrieveProposal();
  const [values, setValues] = useState<RetrieveDetails>(EMPTY);
  const [touched, setTouched] = useState<Partial<Record<FieldName, boolean>>>({});
  const [failure, setFailure] = useState<{ status: number | null } | null>(null);
  // A quote already bought is a policy now: say so and link to it (issue 13 item 14).
  const [bought, setBought] = useState<{ policyNumber: string; href: string } | null>(null);

  const details = { ...values, externalReference: givenReference ?? values.externalReference };
  const inputs = useMemo(
    () =>
      brandRetrieveInputs.filter(
        (input) => !(givenReference && input.name === 'externalReference'),
      ),
    [givenReference],
  );
  const { valid, errors } = validateInputs({
    inputs,
    values: { ...details, postalCode: details.postalCode.trim() },
    context: createBrandFormContext({ now: new Date(), isAnonymous: true }),
  });
  const errorOf = (name: FieldName) => (touched[name] ? errors[name] : undefined);
  const change = (name: FieldName) => (value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setTouched((current) => ({ ...current, [name]: true }));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid || retrieve.isPending) return;
    retrieve.mutate(details, {
      onSuccess: (proposal) => {
        const scheme = findSchemeByCode(proposal.schemeCode);
        if (proposal.status === 'POLICY' && scheme && proposal.policyId) {
          setBought({
            policyNumber: proposal.policyNumber ?? '',
            href: paths.policy(scheme.urlName, proposal.policyId),
          });
          return;
        }
        void navigate(
          scheme ? paths.proposal(scheme.urlName, proposal.proposalCode) : paths.home(),
        );
      },
      onError: (error) => setFailure({ status: getRetrieveFailureStatus(error) }),
    });
  };

  return (
    <div className="retrieve">
      <PageHeader title={t('title')} lead={t('intro')} />
      {bought ? (
        <div className="notice notice--info" role="status">
          <h2>{t('bought.header')}</h2>
          <p>{t('bought.message', { policyNumber: bought.policyNumber })}</p>
          <p>
            <Link to={bought.href}>{t('bought.link')}</Link>
          </p>
        </div>
      ) : null}
      <form className="retrieve__form card" onSubmit={onSubmit} noValidate>
        {givenReference ? (
          <p className="retrieve__reference">
            {t('givenReference', { reference: givenReference.toUpperCase() })}
          </p>
        ) : (
          <TextInput
            id="retrieve-reference"
            name="externalReference"
            label={t('reference')}
            hint={t('referenceHint')}
            value={values.externalReference}
            onChange={change('externalReference')}
            normalise={(value) => value.toUpperCase()}
            error={errorOf('externalReference')}
            autoComplete="off"
            spellCheck={false}
          />
        )}
        <DateInput
          id="retrieve-date-of-birth"
          label={t('dateOfBirth')}
          hint={t('dateOfBirthHint')}
          value={values.dateOfBirth}
          onChange={change('dateOfBirth')}
          error={errorOf('dateOfBirth')}
          autoComplete="bday"
        />
        <TextInput
          id="retrieve-postcode"
          name="postalCode"
          label={t('postalCode')}
          hint={t('postalCodeHint')}
          value={values.postalCode}
          onChange={change('postalCode')}
          normalise={(value) => value.toUpperCase()}
          error={errorOf('postalCode')}
          autoComplete="postal-code"
          className="retrieve__postcode"
        />
        <Button
          type="submit"
          disabled={!valid || retrieve.isPending}
          aria-busy={retrieve.isPending}
        >
          {retrieve.isPending ? t('submitting') : t('submit')}
        </Button>
      </form>
      {failure ? (
        <RetrieveFailureDialog status={failure.status} onClose={() => setFailure(null)} />
      ) : null}
    </div>
  );
}
