import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CLAIM_STATUSES,
  CLAIM_TYPES,
  IsoDateSchema,
  type ClaimStatus,
  type ClaimType,
} from '@motor/domain';
import type { ClaimResponse, UpdateClaimRequest } from '@motor/contract';
import { RadioGroup, SelectInput } from '../../components/form/choice-inputs';
import { DateInput } from '../../components/form/date-input';
import { showField } from '../../components/form/error-bar';
import { TextInput } from '../../components/form/text-input';
import { Button } from '../../components/ui/button';
import { Modal } from '../../components/ui/modal';
import { isApiError } from '../../lib/api-client';
import { useSaveClaim } from './api/save-claim';

// Staff with action:mta-claims add a claim to the policy or correct one (spec 3 §3 "Claim", §6):
// type, status, insured and date of incident. The server checks everything again and audits it.

type FieldName = 'claimType' | 'status' | 'insuredName' | 'occurredDate';
const FIELD_ORDER: readonly FieldName[] = ['claimType', 'status', 'insuredName', 'occurredDate'];
const INSURED_NAME_MAX_LENGTH = 120;

type Values = {
  claimType: ClaimType | '';
  status: ClaimStatus | '';
  insuredName: string;
  occurredDate: string;
};
type Errors = Partial<Record<FieldName, string>>;

const fieldId = (name: FieldName) => `claim-form-${name}`;

const isClaimType = (value: string): value is ClaimType =>
  (CLAIM_TYPES as readonly string[]).includes(value);

function initialValues(claim: ClaimResponse | undefined, insuredName: string): Values {
  if (!claim) return { claimType: '', status: '', insuredName, occurredDate: '' };
  return {
    claimType: isClaimType(claim.claimType) ? claim.claimType : '',
    status: claim.status,
    insuredName: claim.insuredName,
    occurredDate: claim.occurredDate,
  };
}

/** The server's per-field refusals (400 VALIDATION_FAILED `details.fields`) by form field. */
function serverFieldErrors(error: unknown): Errors {
  if (!isApiError(error) || error.failure.kind !== 'UNEXPECTED') return {};
  const body = error.failure.data as {
    error?: { details?: { fields?: { path?: unknown; message?: unknown }[] } };
  } | null;
  const errors: Errors = {};
  for (const field of body?.error?.details?.fields ?? []) {
    const name = FIELD_ORDER.find((candidate) => candidate === field.path);
    if (name && typeof field.message === 'string') errors[name] = field.message;
  }
  return errors;
}

/** The server's own message for a refusal it explains (403, 404, 409, 400), else null. */
function serverMessage(error: unknown): string | null {
  if (!isApiError(error) || error.status === undefined || error.status >= 500) return null;
  const body = (error.failure as { data?: unknown }).data as {
    error?: { message?: unknown };
  } | null;
  return typeof body?.error?.message === 'string' ? body.error.message : null;
}

function ClaimForm({
  policyNumber,
  claim,
  insuredName,
  onSaved,
}: {
  policyNumber: string;
  claim?: ClaimResponse;
  insuredName: string;
  onSaved: (claim: ClaimResponse) => void;
}) {
  const { t } = useTranslation('claims');
  const save = useSaveClaim(policyNumber);
  const [values, setValues] = useState<Values>(() => initialValues(claim, insuredName));
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);

  const set = <Name extends FieldName>(name: Name, value: Values[Name]) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => ({ ...current, [name]: undefined }));
  };

  function validate(): Errors {
    const found: Errors = {};
    if (values.claimType === '') found.claimType = t('form.errors.claimType');
    if (values.status === '') found.status = t('form.errors.status');
    if (values.insuredName.trim() === '') found.insuredName = t('form.errors.insuredName');
    if (values.occurredDate === '') found.occurredDate = t('form.errors.occurredDate');
    else if (!IsoDateSchema.safeParse(values.occurredDate).success) {
      found.occurredDate = t('form.errors.occurredDateInvalid');
    }
    return found;
  }

  function showErrors(found: Errors) {
    setErrors(found);
    const first = FIELD_ORDER.find((name) => found[name]);
    if (first) showField(fieldId(first));
  }

  function submit() {
    setFormError(null);
    const found = validate();
    if (Object.keys(found).length > 0) return showErrors(found);
    const { claimType, status } = values;
    if (claimType === '' || status === '') return;
    const complete = {
      claimType,
      status,
      insuredName: values.insuredName.trim(),
      occurredDate: values.occurredDate,
    };
    let request: Parameters<typeof save.mutate>[0];
    if (claim) {
      const changes: UpdateClaimRequest = {};
      if (complete.claimType !== claim.claimType) changes.claimType = complete.claimType;
      if (complete.status !== claim.status) changes.status = complete.status;
      if (complete.insuredName !== claim.insuredName) changes.insuredName = complete.insuredName;
      if (complete.occurredDate !== claim.occurredDate) {
        changes.occurredDate = complete.occurredDate;
      }
      if (Object.keys(changes).length === 0) return setFormError(t('form.errors.unchanged'));
      request = { kind: 'correct', claimReference: claim.claimReference, changes };
    } else {
      request = { kind: 'add', claim: { policyNumber, ...complete } };
    }
    save.mutate(request, {
      onSuccess: onSaved,
      onError: (error) => {
        const byField = serverFieldErrors(error);
        if (Object.keys(byField).length > 0) return showErrors(byField);
        setFormError(serverMessage(error) ?? t('form.errors.failed'));
      },
    });
  }

  const typeOptions = CLAIM_TYPES.map((value) => ({ value, text: t(`types.${value}`) }));
  const statusOptions = CLAIM_STATUSES.map((value) => ({ value, text: t(`status.${value}`) }));
  /** A coded field (type, status) as a choice: none chosen while its value is blank. */
  const choiceField = <Name extends 'claimType' | 'status'>(
    name: Name,
    options: { value: string; text: string }[],
  ) => ({
    id: fieldId(name),
    label: t(`form.${name}`),
    options,
    value: values[name] === '' ? undefined : values[name],
    error: errors[name],
    // The options are the field's own codes, so the chosen value is one of them.
    onChange: (value: unknown) => set(name, String(value) as Values[Name]),
  });

  return (
    <form
      noValidate
      className="claim-form"
      aria-describedby={formError ? 'claim-form-error' : undefined}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      {formError ? (
        <p id="claim-form-error" role="alert" className="notice notice--critical">
          {formError}
        </p>
      ) : null}
      <SelectInput {...choiceField('claimType', typeOptions)} />
      <RadioGroup {...choiceField('status', statusOptions)} />
      <TextInput
        id={fieldId('insuredName')}
        label={t('form.insuredName')}
        hint={t('form.insuredNameHint')}
        value={values.insuredName}
        maxLength={INSURED_NAME_MAX_LENGTH}
        autoComplete="off"
        error={errors.insuredName}
        onChange={(value) => set('insuredName', value)}
      />
      <DateInput
        id={fieldId('occurredDate')}
        label={t('form.occurredDate')}
        hint={t('form.occurredDateHint')}
        value={values.occurredDate}
        error={errors.occurredDate}
        onChange={(value) => set('occurredDate', value)}
      />
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? t('form.saving') : claim ? t('form.saveCorrection') : t('form.saveNew')}
      </Button>
    </form>
  );
}

/** The add or correct dialog: a fresh form each time it opens. */
export function ClaimFormModal({
  isOpen,
  onClose,
  policyNumber,
  claim,
  insuredName,
  onSaved,
}: {
  isOpen: boolean;
  onClose: () => void;
  policyNumber: string;
  /** The claim to correct; none to add one. */
  claim?: ClaimResponse;
  /** The name a new claim starts with: the policyholder's. */
  insuredName: string;
  onSaved: (claim: ClaimResponse) => void;
}) {
  const { t } = useTranslation('claims');
  return (
    <Modal
      isOpen={isOpen}
      onClose={onClose}
      title={
        claim
          ? t('form.correctTitle', { claimReference: claim.claimReference })
          : t('form.addTitle')
      }
    >
      {isOpen ? (
        <ClaimForm
          key={claim?.claimReference ?? 'new'}
          policyNumber={policyNumber}
          claim={claim}
          insuredName={insuredName}
          onSaved={onSaved}
        />
      ) : null}
    </Modal>
  );
}
