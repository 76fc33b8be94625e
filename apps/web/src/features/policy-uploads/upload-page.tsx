import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { UPLOAD_COMMENT_MAX_LENGTH } from '@motor/contract';
import { formatDisplayDate, londonDateString } from '@motor/domain';
import { DateInput } from '../../components/form/date-input';
import { Button } from '../../components/ui/button';
import { getProductConfig } from '../../lib/brand-products';
import { readRefusal } from '../../lib/api-refusal';
import { paths } from '../../lib/paths';
import { findSchemeByUrlName } from '../../lib/schemes';
import { useCommitUpload } from './api/commit-upload';
import { useRemoveStagedUpload } from './api/remove-staged-upload';
import { useStageUpload } from './api/stage-upload';
import { Dropzone } from './dropzone';
import {
  checkFiles,
  findDocumentDateProblem,
  rejectionCodeOf,
  roundProgress,
  type RejectionCode,
  type UploadLimits,
} from './upload-rules';
import { FailureNotice } from '../../components/ui/failure-notice';

// Uploads (spec 3 §2 "uploads/{type}", §4 "Upload", §5): files accepted by the dropzone are
// staged one by one with a progress bar; a staged file may be removed (deleted on the server at
// once); refused files are listed
// with their reason until dismissed; the comment and the commit lead to the confirmation page.

type Item = {
  key: number;
  name: string;
  file: File;
  progress: number;
  /** The name the API knows the staged file by; set once staged. */
  stagedName: string | null;
  /** The stage id the API gave, to delete the staged file by; set once staged. */
  stageId: string | null;
  /** 'removing' while the server deletes it; 'failed' when it could not. */
  removal: 'removing' | 'failed' | null;
};

type Rejection = { key: number; name: string; code: RejectionCode };

const REJECTION_CODES: readonly RejectionCode[] = [
  'file-too-large',
  'file-invalid-type',
  'too-many-files',
];

/** The API's own words when it refused the document's date (its clock may differ from ours). */
function documentDateRefusal(error: unknown): string | null {
  const refusal = readRefusal(error);
  const refusesDate = refusal?.fields.some((field) => field.path === 'documentDate');
  return refusal && refusesDate ? refusal.message : null;
}

function UploadForm({
  productUrlName,
  policyId,
  type,
  limits,
}: {
  productUrlName: string;
  policyId: string;
  type: string;
  limits: UploadLimits;
}) {
  const { t } = useTranslation('uploads');
  const navigate = useNavigate();
  const stage = useStageUpload();
  const commit = useCommitUpload(policyId);
  const removeStaged = useRemoveStagedUpload(policyId);
  const [items, setItems] = useState<Item[]>([]);
  const [rejections, setRejections] = useState<Rejection[]>([]);
  const [comment, setComment] = useState('');
  const [documentDate, setDocumentDate] = useState('');
  const [isDateTouched, setIsDateTouched] = useState(false);
  // One "today" per page, so the answer does not turn invalid at midnight.
  const [today] = useState(() => londonDateString(new Date()));
  const maxAgeYears = limits.maxAgeYears;
  const dateProblem =
    maxAgeYears === undefined ? null : findDocumentDateProblem(documentDate, today, maxAgeYears);
  const nextKey = useRef(0);
  // One file at a time: each waits for the one before it.
  const queue = useRef<Promise<void>>(Promise.resolve());

  const update = (key: number, change: Partial<Item>) =>
    setItems((current) =>
      current.map((item) => (item.key === key ? { ...item, ...change } : item)),
    );

  function reject(name: string, code: RejectionCode) {
    setRejections((current) => [...current, { key: (nextKey.current += 1), name, code }]);
  }

  function stageOne(item: Item) {
    queue.current = queue.current.then(async () => {
      try {
        const staged = await stage({
          policyId,
          purpose: type,
          file: item.file,
          onProgress: (progress) => update(item.key, { progress }),
        });
        update(item.key, { progress: 100, stagedName: staged.fileName, stageId: staged.stageId });
      } catch (error) {
        setItems((current) => current.filter((entry) => entry.key !== item.key));
        reject(item.name, rejectionCodeOf(error));
      }
    });
  }

  function onFiles(files: File[]) {
    const { accepted, rejected } = checkFiles(files, limits, items.length);
    for (const { file, code } of rejected) reject(file.name, code);
    const added = accepted.map((file) => ({
      key: (nextKey.current += 1),
      name: file.name,
      file,
      progress: 0,
      stagedName: null,
      stageId: null,
      removal: null,
    }));
    setItems((current) => [...current, ...added]);
    for (const item of added) stageOne(item);
  }

  const stagedNames = items.flatMap((item) => (item.stagedName ? [item.stagedName] : []));
  const isUploading = items.some((item) => item.stagedName === null);
  const isRemoving = items.some((item) => item.removal === 'removing');
  const canCommit =
    stagedNames.length > 0 && !isUploading && !isRemoving && !commit.isPending && !dateProblem;
  const dateError =
    dateProblem && (isDateTouched || dateProblem.problem !== 'required')
      ? t(`documentDate.${dateProblem.problem}`, {
          count: maxAgeYears,
          earliest: formatDisplayDate(`${dateProblem.earliest}T12:00:00.000Z`),
        })
      : (documentDateRefusal(commit.error) ?? undefined);

  function onRemove(item: Item) {
    if (!item.stageId) return;
    update(item.key, { removal: 'removing' });
    removeStaged.mutate(item.stageId, {
      onSuccess: () => setItems((current) => current.filter((entry) => entry.key !== item.key)),
      onError: () => update(item.key, { removal: 'failed' }),
    });
  }

  function onCommit() {
    commit.mutate(
      {
        fileNames: stagedNames,
        comment: comment.trim() || undefined,
        purpose: type,
        ...(maxAgeYears === undefined ? {} : { documentDate }),
      },
      {
        onSuccess: () => void navigate('confirmation', { state: { fileNames: stagedNames } }),
      },
    );
  }

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (canCommit) onCommit();
      }}
    >
      <Dropzone limits={limits} onFiles={onFiles} isDisabled={commit.isPending} />

      {rejections.length > 0 ? (
        <section className="upload-rejections" aria-labelledby="upload-rejections-heading">
          <h2 id="upload-rejections-heading">{t('rejections.title')}</h2>
          <ul>
            {rejections.map((rejection) => (
              <li key={rejection.key} className="notice notice--critical">
                <span>
                  <strong>{rejection.name}</strong>:{' '}
                  {t(
                    REJECTION_CODES.includes(rejection.code)
                      ? `rejections.${rejection.code}`
                      : 'rejections.unknown',
                    { size: Math.floor(limits.maxSize / 1024 / 1024), count: limits.maxFiles },
                  )}
                </span>
                <Button
                  layout="small"
                  aria-label={t('rejections.dismiss', { name: rejection.name })}
                  onClick={() =>
                    setRejections((current) =>
                      current.filter((entry) => entry.key !== rejection.key),
                    )
                  }
                >
                  {t('rejections.dismissShort')}
                </Button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {items.length > 0 ? (
        <ul className="upload-list" aria-label={t('files.title')}>
          {items.map((item) => {
            const progress = roundProgress(item.progress);
            return (
              <li key={item.key} className="upload-list__item">
                <span className="upload-list__name">{item.name}</span>
                <div
                  className="progress"
                  role="progressbar"
                  aria-label={t('files.progress', { name: item.name })}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={progress}
                  aria-valuetext={`${progress.toFixed(2)}%`}
                >
                  <div className="progress__bar" style={{ width: `${progress}%` }} />
                </div>
                <span className="upload-list__percent">{progress.toFixed(2)}%</span>
                {item.stagedName ? (
                  <Button
                    layout="small"
                    aria-label={t('files.remove', { name: item.name })}
                    disabled={item.removal === 'removing' || commit.isPending}
                    onClick={() => onRemove(item)}
                  >
                    {item.removal === 'removing' ? t('files.removing') : t('files.removeShort')}
                  </Button>
                ) : null}
                {item.removal === 'failed' ? (
                  <p role="alert" className="field__error upload-list__error">
                    {t('files.removeFailed', { name: item.name })}
                  </p>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}

      {maxAgeYears === undefined ? null : (
        <DateInput
          id="upload-document-date"
          label={t('documentDate.label')}
          hint={t('documentDate.hint', { count: maxAgeYears })}
          error={dateError}
          value={documentDate}
          onChange={(next) => {
            setDocumentDate(next);
            setIsDateTouched(true);
            commit.reset();
          }}
        />
      )}

      <div className="field">
        <label htmlFor="upload-comment">
          {t('comment.label')} <span className="text-muted">{t('comment.optional')}</span>
        </label>
        <textarea
          id="upload-comment"
          rows={4}
          maxLength={UPLOAD_COMMENT_MAX_LENGTH}
          value={comment}
          onChange={(event) => setComment(event.target.value)}
        />
      </div>

      {commit.isError && !documentDateRefusal(commit.error) ? (
        <FailureNotice>{t('commit.failed')}</FailureNotice>
      ) : null}

      <div className="actions">
        <Button type="submit" disabled={!canCommit}>
          {commit.isPending ? t('commit.sending') : t('commit.submit')}
        </Button>
        <Link to={paths.policy(productUrlName, policyId)}>{t('back')}</Link>
      </div>
    </form>
  );
}

/** /{product}/policy/{policyId}/uploads/{type}: an upload type the product does not have → policy. */
export function UploadPage() {
  const { t } = useTranslation('uploads');
  const { productUrlName: product = '', policyId = '', type = '' } = useParams();
  const scheme = findSchemeByUrlName(product);
  if (!scheme) return <Navigate to={paths.home()} replace />;
  const uploads = getProductConfig(scheme.schemeCode).uploads;
  const limits = Object.hasOwn(uploads, type) ? uploads[type] : undefined;
  if (!limits) return <Navigate to={paths.policy(product, policyId)} replace />;
  return (
    <section className="upload-page" aria-labelledby="upload-heading">
      <div className="page-header">
        <h1 id="upload-heading">{t(`types.${type}.title`, { defaultValue: t('title') })}</h1>
        <p className="lead">{t(`types.${type}.intro`, { defaultValue: t('intro') })}</p>
      </div>
      <UploadForm productUrlName={product} policyId={policyId} type={type} limits={limits} />
    </section>
  );
}
