import { importJWK, jwtVerify, SignJWT } from 'jose';
import { POLICY_DOCUMENT_TYPES, type DocumentType } from '@motor/contract';
import {
  formatDisplayDate,
  formatMoney,
  getVersionInForceAt,
  toInstant,
  type Quote,
} from '@motor/domain';
import type { ServiceDeps } from '../../app-types';
import { AppError } from '../../errors';
import { idempotencyKeys } from './tables';
import { loadSigningKeys, SIGNING_ALG, toPublicJwk } from '../identity';
import { emailBody, queueDepsOf, queueMessage } from '../notification';
import { findPendingFirstCollections, type FirstCollection } from '../payment';
import { findPolicyholderEmail } from '../proposal';
import { getSchemeFacts } from '../disclosure';
import { findPolicy, listPolicyVersions, type PolicyRow } from '../policy';
import {
  certificateContent,
  describePolicyholder,
  productContent,
  scheduleContent,
  type PolicyDocumentData,
  type ProductDocumentType,
} from './content';
import { buildNoClaimsLetter } from './no-claims-letter';
import { renderPdf } from './pdf';

// Policy documents: rendered by the job a bind enqueues (document/jobs.ts) and on demand when
// missing (a document opened before that job ran), stored once as blobs, handed out as
// short-lived signed links, announced by one confirmation e-mail per policy.

/** How long a document link works: long enough to open it, too short to pass around. */
const DOCUMENT_LINK_SECONDS = 300;
const LINK_AUDIENCE = 'document-link';

export const POLICY_VERSION_NOT_FOUND_MESSAGE = 'We could not find that version of your policy.';

/**
 * The data a document of one version prints: the version asked for, or the one in force now
 * (before inception, the one in force at inception). A later version's certificate takes effect
 * when it starts.
 */
async function loadDocumentData(
  deps: ServiceDeps,
  policy: PolicyRow,
  versionId?: string,
): Promise<{ data: PolicyDocumentData; versionId: string }> {
  const versions = await listPolicyVersions(deps.db, policy.policyId);
  const now = deps.clock.now();
  const version = versionId
    ? versions.find((candidate) => candidate.id === versionId)
    : getVersionInForceAt(versions, now > policy.inceptedAt ? now : policy.inceptedAt);
  if (!version) throw new AppError('NOT_FOUND', POLICY_VERSION_NOT_FOUND_MESSAGE);
  const effectiveFrom =
    version.startedAt > policy.inceptedAt ? version.startedAt : policy.inceptedAt;
  return {
    versionId: version.id,
    data: {
      policyNumber: policy.policyNumber,
      schemeCode: policy.schemeCode,
      inceptedAt: effectiveFrom,
      policyIncepted: policy.inceptedAt,
      expiredAt: policy.expiredAt,
      createdAt: policy.createdAt,
      quote: version.quote,
    },
  };
}

/** A version's own document (certificate, schedule): one per version, never overwritten. */
const policyBlobKey = (policyId: string, versionId: string, doc: DocumentType) =>
  `policies/${policyId}/${versionId}/${doc}.pdf`;

/** A document of a policy not taken up, marked so: kept under the policy, whatever its kind. */
const notTakenUpBlobKey = (policyId: string, versionId: string, doc: DocumentType) =>
  `policies/${policyId}/${versionId}/not-taken-up/${doc}.pdf`;

function blobKey(policy: PolicyRow, versionId: string, doc: DocumentType, quote: Quote): string {
  if (doc === 'policy-certificate' || doc === 'policy-schedule') {
    return policyBlobKey(policy.policyId, versionId, doc);
  }
  const safe = (value: string | null | undefined) =>
    (value ?? 'default').replace(/[^a-z0-9_-]+/gi, '-');
  return `products/${policy.schemeCode}/${safe(quote.wordingVersion)}/${safe(quote.mainInsurer)}/${doc}.pdf`;
}

/** The proof of no claims once cover has ended (409 before), stored by what it says. */
async function ensureNoClaimsLetter(deps: ServiceDeps, policy: PolicyRow): Promise<string> {
  const { content, version } = await buildNoClaimsLetter(deps, policy);
  const key = `policies/${policy.policyId}/no-claims-letter-${version}.pdf`;
  const { storage } = deps.providers;
  if (!(await storage.exists(key))) {
    await storage.put(key, await renderPdf(content), { contentType: 'application/pdf' });
  }
  return key;
}

/** The stored document a policy's documents route links to (rendered first when missing). */
export async function ensureDocumentKey(
  deps: ServiceDeps,
  policy: PolicyRow,
  doc: DocumentType,
  options: { versionId?: string } = {},
): Promise<string> {
  if (doc === 'no-claims-letter') return ensureNoClaimsLetter(deps, policy);
  return (await ensureDocument(deps, policy, doc, options)).key;
}

/** What every document of a policy not taken up says first (issue 30 item 3). */
function notTakenUpMarking(policy: Pick<PolicyRow, 'inceptedAt'>): string {
  return `NOT TAKEN UP — VOID FROM ${formatDisplayDate(policy.inceptedAt)}: this policy never gave cover`;
}

/**
 * The document's blob key, rendering and storing it first when it is missing: of the version
 * asked for, or of the one in force (a version added later gets its own on first use). A policy
 * not taken up is served its documents marked so on their first page, stored beside the
 * unmarked ones (kept as they were issued), under the policy even for the product documents.
 */
async function ensureDocument(
  deps: ServiceDeps,
  policy: PolicyRow,
  doc: Exclude<DocumentType, 'no-claims-letter'>,
  options: { versionId?: string } = {},
) {
  const { data, versionId } = await loadDocumentData(deps, policy, options.versionId);
  const ntu = policy.status === 'NTU';
  const key = ntu
    ? notTakenUpBlobKey(policy.policyId, versionId, doc)
    : blobKey(policy, versionId, doc, data.quote);
  const { storage } = deps.providers;
  if (await storage.exists(key)) return { key, data };
  let content;
  if (doc === 'policy-certificate') content = certificateContent(data);
  else if (doc === 'policy-schedule') content = scheduleContent(data);
  else {
    content = productContent({
      doc: doc as ProductDocumentType,
      schemeCode: policy.schemeCode,
      wordingVersion: data.quote.wordingVersion ?? 'default',
      insurer: data.quote.mainInsurer ?? 'default',
      createdAt: data.createdAt,
    });
  }
  const marked = ntu ? { ...content, marking: notTakenUpMarking(policy) } : content;
  await storage.put(key, await renderPdf(marked), { contentType: 'application/pdf' });
  return { key, data };
}

/**
 * The policy's own documents (certificate, schedule: they name the policyholder) and whether
 * each is stored yet, for a data export; product documents name nobody.
 */
export async function listPolicyDocumentFiles(
  deps: Pick<ServiceDeps, 'providers' | 'db'>,
  policy: Pick<PolicyRow, 'policyId' | 'policyNumber'>,
): Promise<{ type: DocumentType; versionId: string; fileName: string; isStored: boolean }[]> {
  const versions = await listPolicyVersions(deps.db, policy.policyId);
  return Promise.all(
    versions.flatMap((version, index) =>
      POLICY_DOCUMENT_TYPES.map(async (type) => ({
        type,
        versionId: version.id,
        fileName: `${policy.policyNumber}-${type}${index > 0 ? `-v${index + 1}` : ''}.pdf`,
        isStored: await deps.providers.storage.exists(
          policyBlobKey(policy.policyId, version.id, type),
        ),
      })),
    ),
  );
}

/**
 * Deletes the policy's stored certificate and schedule (erasure: they print the name and
 * address); opened again, they are rendered afresh from the policy's (anonymised) records.
 */
export async function deletePolicyDocumentFiles(
  deps: Pick<ServiceDeps, 'providers' | 'db'>,
  policyId: string,
): Promise<void> {
  const versions = await listPolicyVersions(deps.db, policyId);
  for (const type of POLICY_DOCUMENT_TYPES) {
    for (const version of versions) {
      await deps.providers.storage.delete(policyBlobKey(policyId, version.id, type));
      await deps.providers.storage.delete(notTakenUpBlobKey(policyId, version.id, type));
    }
    // Where documents were kept before there was one per version.
    await deps.providers.storage.delete(`policies/${policyId}/${type}.pdf`);
  }
}

async function sessionKey(deps: ServiceDeps) {
  const [key] = await loadSigningKeys({ db: deps.db, clock: deps.clock, purpose: 'session' });
  if (!key) throw new Error('No session signing key');
  return key;
}

/** A signed link to the document, valid for DOCUMENT_LINK_SECONDS from the app clock's now. */
export async function createDocumentLink(
  deps: ServiceDeps,
  options: { key: string; fileName: string },
): Promise<{ location: string; expiresAt: string }> {
  const jwk = await sessionKey(deps);
  const now = Math.floor(deps.clock.now().getTime() / 1000);
  const token = await new SignJWT({ key: options.key, name: options.fileName })
    .setProtectedHeader({ alg: SIGNING_ALG, kid: jwk.kid })
    .setAudience(LINK_AUDIENCE)
    .setIssuedAt(now)
    .setExpirationTime(now + DOCUMENT_LINK_SECONDS)
    .sign(await importJWK(jwk, SIGNING_ALG));
  return {
    location: `${deps.config.publicUrl}/api/documents/file?token=${token}`,
    expiresAt: new Date((now + DOCUMENT_LINK_SECONDS) * 1000).toISOString(),
  };
}

/** The blob key and file name a link names, or null when it is forged or expired. */
export async function readDocumentLink(
  deps: ServiceDeps,
  token: string,
): Promise<{ key: string; fileName: string } | null> {
  const jwk = await sessionKey(deps);
  try {
    const { payload } = await jwtVerify(token, await importJWK(toPublicJwk(jwk), SIGNING_ALG), {
      audience: LINK_AUDIENCE,
      currentDate: deps.clock.now(),
    });
    if (typeof payload.key !== 'string' || typeof payload.name !== 'string') return null;
    return { key: payload.key, fileName: payload.name };
  } catch {
    return null;
  }
}

/** What the confirmation e-mail attaches (the success page says they were e-mailed). */
const CONFIRMATION_DOCUMENTS = [
  'policy-certificate',
  'policy-schedule',
  'ipid',
  'policy-wording',
] as const;

/**
 * The bind's job: renders the certificate and schedule and queues the confirmation e-mail, once
 * per policy (an idempotency key guards the e-mail). Safe to run again.
 */
export async function issuePolicyDocuments(deps: ServiceDeps, policyId: string): Promise<void> {
  const policy = await findPolicy(deps.db, policyId);
  if (!policy) return;
  // Stored before the e-mail is queued: it carries their keys, delivery reads the files.
  const issued: { key: string; fileName: string }[] = [];
  for (const doc of CONFIRMATION_DOCUMENTS) {
    const { key } = await ensureDocument(deps, policy, doc);
    issued.push({ key, fileName: `${policy.policyNumber}-${doc}.pdf` });
  }
  const { data } = await loadDocumentData(deps, policy);
  // The claim and the queued e-mail commit together: a crash between them cannot mark the
  // e-mail sent while losing it (the job runs again and claims afresh).
  await deps.db.transaction(async (tx) => {
    const [claimed] = await tx
      .insert(idempotencyKeys)
      .values({
        key: `policy-confirmation:${policyId}`,
        scope: 'policy.confirmation-email',
        response: null,
        createdAt: deps.clock.now(),
      })
      .onConflictDoNothing({ target: idempotencyKeys.key })
      .returning({ key: idempotencyKeys.key });
    if (!claimed) return;
    const recipient = findPolicyholderEmail(data.quote);
    if (!recipient) return;
    const holder = describePolicyholder(data.quote);
    const link = policyPageUrl(deps.config.publicUrl, policy);
    // A Direct Debit purchase's first payment is collected at purchase: say how much and when.
    const first = (await findPendingFirstCollections(tx, [policy.proposalCode])).get(
      policy.proposalCode,
    );
    await queueMessage(
      queueDepsOf({ ...deps, db: tx }),
      {
        channel: 'EMAIL',
        recipient,
        attachments: issued,
        subject: `Your policy ${policy.policyNumber} is confirmed`,
        body: emailBody(holder.name, [
          `Thank you: your policy ${policy.policyNumber} is confirmed.`,
          ...(first ? [firstCollectionSentence(first)] : []),
          'Your certificate of motor insurance, your policy schedule, the Insurance Product',
          'Information Document and the policy wording are attached to this e-mail as PDFs.',
          'They are also on your policy page (sign in to open it):',
          link,
        ]),
      },
      deps.clock.now(),
    );
  });
}

/** The confirmation e-mail's line about the first Direct Debit (spec 2 §4.4: taken at purchase). */
function firstCollectionSentence(first: FirstCollection): string {
  const amount = formatMoney(first.amountPence);
  const day = formatDisplayDate(toInstant(first.chargeDate));
  return `Your first payment of ${amount} will be taken from your bank account by Direct Debit on ${day}.`;
}

/**
 * The SPA's page of a policy, `/{productUrlName}/policy/{policyId}` (spec 1 §2), where its
 * documents are: the one builder of that link for e-mails.
 */
function policyPageUrl(
  publicUrl: string,
  policy: { policyId: string; schemeCode: string },
): string {
  const { urlName } = getSchemeFacts(policy.schemeCode);
  return new URL(
    `/${encodeURIComponent(urlName)}/policy/${encodeURIComponent(policy.policyId)}`,
    publicUrl,
  ).toString();
}
