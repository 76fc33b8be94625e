import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useShowError } from '../../components/ui/error-modal';
import { paths } from '../../lib/paths';
import { Button } from '../../components/ui/button';
import { Snackbar } from '../../components/ui/snackbar';
import { isApiError } from '../../lib/api-client';
import { brand } from '../../lib/brand';
import {
  usePolicyholder,
  useUpdatePolicyholder,
  type MarketingPreferences,
  type Policyholder,
  type PolicyholderUpdate,
} from '../../lib/policyholder';
import { useDownloadDataExport } from './api/data-export';
import { PageHeader } from '../../components/ui/page-header';

const MARKETING_CHANNELS = ['email', 'phone', 'sms'] as const;

/** /account: the list of editable settings; with none configured the user goes home. */
export function AccountSettingsPage() {
  const { t } = useTranslation();
  if (brand.accountSettings.length === 0) return <Navigate to={paths.home()} replace />;
  return (
    <div>
      <PageHeader title={t('account.title')} lead={t('account.intro')} />
      <ul className="settings-list">
        {brand.accountSettings.map((setting) => (
          <li key={setting.name}>
            <Link to={paths.accountSetting(setting.name)}>
              {t(`account.settings.${setting.name}`)}
            </Link>
            {setting.readOnly ? <span className="text-muted"> {t('account.readOnly')}</span> : null}
          </li>
        ))}
      </ul>
      <DataExportSection />
    </div>
  );
}

/** "Download your data": a JSON copy of every record we hold (UK GDPR access and portability). */
function DataExportSection() {
  const { t } = useTranslation();
  const headingId = useId();
  const download = useDownloadDataExport();
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>{t('account.dataExport.title')}</h2>
      <p>{t('account.dataExport.intro')}</p>
      <Button
        onClick={() => download.mutate()}
        disabled={download.isPending}
        aria-busy={download.isPending || undefined}
      >
        {t('account.dataExport.download')}
      </Button>
      <p role="status">
        {download.isPending ? t('account.dataExport.preparing') : null}
        {download.isSuccess ? t('account.dataExport.done') : null}
      </p>
    </section>
  );
}

/** /account/:name: one setting (spec 3 §2); an unknown name goes home. */
export function AccountSettingPage() {
  const { t } = useTranslation();
  const { name } = useParams();
  const setting = brand.accountSettings.find((candidate) => candidate.name === name);
  const { data: policyholder, isPending } = usePolicyholder({ enabled: Boolean(setting) });
  if (!setting) return <Navigate to={paths.home()} replace />;
  return (
    <div>
      <div className="page-header">
        <h1>{t(`account.settings.${setting.name}`)}</h1>
        {setting.readOnly ? <p className="text-muted">{t('account.readOnly')}</p> : null}
      </div>
      {isPending || !policyholder ? (
        <p role="status">{t('loading')}</p>
      ) : (
        <SettingForm name={setting.name} readOnly={setting.readOnly} policyholder={policyholder} />
      )}
    </div>
  );
}

function SettingForm({
  name,
  readOnly,
  policyholder,
}: {
  name: string;
  readOnly: boolean;
  policyholder: Policyholder;
}) {
  const { t } = useTranslation();
  if (name === 'phone-number' || readOnly) {
    const value = name === 'email' ? policyholder.email : policyholder.phoneNumber;
    return (
      <dl>
        <dt>{t(`account.settings.${name}`)}</dt>
        <dd>{value ?? t('account.notSet')}</dd>
      </dl>
    );
  }
  if (name === 'email') return <EmailForm policyholder={policyholder} />;
  if (name === 'marketing-preferences') return <MarketingForm policyholder={policyholder} />;
  return null;
}

/** Saves the changed fields only; no request when nothing changed. */
function useSave() {
  const mutation = useUpdatePolicyholder();
  const showError = useShowError();
  const [saved, setSaved] = useState(false);
  const save = (changes: PolicyholderUpdate) => {
    setSaved(false);
    if (Object.keys(changes).length === 0) {
      setSaved(true);
      return;
    }
    mutation.mutate(changes, {
      onSuccess: () => setSaved(true),
      onError: (error) => {
        if (!(isApiError(error) && error.status === 409)) showError(error);
      },
    });
  };
  return { save, saved, dismiss: () => setSaved(false), mutation };
}

/**
 * A setting's form: its fields, Save, and 'Saved', news of a moment: a snackbar (spec 1 §1, §4),
 * gone after 4 seconds.
 */
function SaveForm(props: {
  onSubmit: (event: FormEvent) => void;
  saving: ReturnType<typeof useSave>;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { saved, dismiss, mutation } = props.saving;
  return (
    <form onSubmit={props.onSubmit} noValidate>
      {props.children}
      <Button type="submit" disabled={mutation.isPending}>
        {t('account.save')}
      </Button>
      <Snackbar isOpen={saved} onClose={dismiss} variant="success">
        {t('account.saved')}
      </Snackbar>
    </form>
  );
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function EmailForm({ policyholder }: { policyholder: Policyholder }) {
  const { t } = useTranslation();
  const inputId = useId();
  const [email, setEmail] = useState(policyholder.email ?? '');
  const [error, setError] = useState<string | null>(null);
  const saving = useSave();
  const { save, mutation } = saving;
  const conflict =
    isApiError(mutation.error) && mutation.error.status === 409 ? t('account.emailInUse') : null;
  const shownError = error ?? conflict;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const value = email.trim();
    if (!EMAIL_PATTERN.test(value)) {
      setError(t('account.emailInvalid'));
      return;
    }
    setError(null);
    save(value.toLowerCase() === (policyholder.email ?? '').toLowerCase() ? {} : { email: value });
  };

  return (
    <SaveForm onSubmit={onSubmit} saving={saving}>
      <div className={shownError ? 'field field--error' : 'field'}>
        <label className="field__label" htmlFor={inputId}>
          {t('account.settings.email')}
        </label>
        {shownError ? (
          <p id={`${inputId}-error`} className="field__error">
            <span className="visually-hidden">{t('admin.error', 'Error:')} </span>
            {shownError}
          </p>
        ) : null}
        <input
          id={inputId}
          className={shownError ? 'input input--error' : 'input'}
          type="email"
          name="email"
          autoComplete="email"
          spellCheck={false}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          aria-describedby={shownError ? `${inputId}-error` : undefined}
          aria-invalid={shownError ? true : undefined}
        />
      </div>
    </SaveForm>
  );
}

function MarketingForm({ policyholder }: { policyholder: Policyholder }) {
  const { t } = useTranslation();
  const id = useId();
  const [preferences, setPreferences] = useState<MarketingPreferences>(
    policyholder.marketingPreferences,
  );
  const saving = useSave();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const changed: Partial<MarketingPreferences> = {};
    for (const channel of MARKETING_CHANNELS) {
      if (preferences[channel] !== policyholder.marketingPreferences[channel]) {
        changed[channel] = preferences[channel];
      }
    }
    saving.save(Object.keys(changed).length > 0 ? { marketingPreferences: changed } : {});
  };

  return (
    <SaveForm onSubmit={onSubmit} saving={saving}>
      <fieldset className="field field__fieldset">
        <legend className="field__legend field__label">{t('account.marketing.legend')}</legend>
        {MARKETING_CHANNELS.map((channel) => (
          <div key={channel}>
            <input
              id={`${id}-${channel}`}
              type="checkbox"
              name={channel}
              checked={preferences[channel]}
              onChange={(event) =>
                setPreferences((current) => ({ ...current, [channel]: event.target.checked }))
              }
            />{' '}
            <label htmlFor={`${id}-${channel}`}>{t(`account.marketing.${channel}`)}</label>
          </div>
        ))}
      </fieldset>
    </SaveForm>
  );
}
