import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { londonDateString } from '@motor/domain';
import { jsonResponse, signedInAuthState, stubApi } from '../../test/api-stubs';
import { TestApp } from '../../test/render-app';
import { UploadConfirmationPage } from './upload-confirmation-page';
import { UploadPage } from './upload-page';

// The upload page (spec 3 §4 "Upload", §5; issue 14 item 6): files staged one by one with
// progress, removal after completion, refusals per file by code, comment, commit, confirmation.

/** XMLHttpRequest as the stage call uses it; the test moves each request's progress and answer. */
class FakeXhr {
  static requests: FakeXhr[] = [];
  upload: { onprogress: ((event: Partial<ProgressEvent>) => void) | null } = { onprogress: null };
  status = 0;
  responseText = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.requests.push(this);
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    act(() => this.upload.onprogress?.({ lengthComputable: true, loaded, total }));
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    act(() => this.onload?.());
  }
}

const PAGE = '/flex/policy/pol_1/uploads/ncb-proof';

function renderUploadPage(path = PAGE) {
  const router = createMemoryRouter(
    [
      { path: '/:productUrlName/policy/:policyId/uploads/:type', element: <UploadPage /> },
      {
        path: '/:productUrlName/policy/:policyId/uploads/:type/confirmation',
        element: <UploadConfirmationPage />,
      },
      { path: '*', element: <p>Somewhere else</p> },
    ],
    { initialEntries: [path] },
  );
  render(<TestApp router={router} authState={signedInAuthState} />);
  return router;
}

const pdf = (name: string, size = 1000) =>
  new File([new Uint8Array(size)], name, { type: 'application/pdf' });

async function choose(...files: File[]) {
  await userEvent.upload(screen.getByTestId('dropzone-input'), files, { applyAccept: false });
}

/** Types a 'yyyy-mm-dd' into the date on the document. */
async function typeDocumentDate(day: string) {
  const [year, month, date] = day.split('-');
  const group = screen.getByRole('group', { name: /Date on the document/ });
  for (const [label, text] of [
    ['Day', date!],
    ['Month', month!],
    ['Year', year!],
  ] as const) {
    const input = within(group).getByLabelText(label);
    await userEvent.clear(input);
    await userEvent.type(input, text);
  }
}

/** Waits until the stage request number `index` is sent. */
async function nthRequest(index: number): Promise<FakeXhr> {
  await waitFor(() => expect(FakeXhr.requests.length).toBeGreaterThan(index));
  return FakeXhr.requests[index]!;
}

describe('upload page', () => {
  beforeEach(() => {
    FakeXhr.requests = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('stages files one by one with progress, allows removal once done, commits and confirms', async () => {
    const commits: unknown[] = [];
    const deletes: string[] = [];
    stubApi((url, init) => {
      if (init?.method === 'DELETE') {
        deletes.push(`${url} ${String(init.body)}`);
        return new Response(null, { status: 204 });
      }
      if (url.endsWith('/api/documents/upload/commit/pol_1')) {
        commits.push(JSON.parse(String(init?.body)));
        return jsonResponse(201, {
          commitId: 'c-1',
          purpose: 'ncb-proof',
          fileNames: ['letter.pdf'],
          committedAt: '2026-03-02T09:00:00.000Z',
        });
      }
      return jsonResponse(404, {});
    });
    const router = renderUploadPage();
    expect(
      await screen.findByRole('heading', { name: 'Send proof of your no claims discount' }),
    ).toBeInTheDocument();
    const chooseButton = screen.getByRole('button', { name: 'Choose files' });
    expect(chooseButton).toHaveAccessibleDescription(
      'PNG, JPG, JPEG, HEIC, PDF, DOC, DOCX, RTF; up to 10 MB each; up to 5 files.',
    );
    expect(screen.getByTestId('dropzone-input')).toHaveAttribute(
      'accept',
      '.png,.jpg,.jpeg,.heic,.pdf,.doc,.docx,.rtf',
    );
    const send = screen.getByRole('button', { name: 'Send files' });
    expect(send).toBeDisabled();

    await choose(pdf('letter.pdf'), pdf('second.pdf'));
    const first = await nthRequest(0);
    expect(first.url).toBe('/api/documents/upload/stage/pol_1?purpose=ncb-proof');
    expect(first.headers.Authorization).toBe('Bearer token-1');
    expect((first.body!.get('file') as File).name).toBe('letter.pdf');
    // One at a time: the second waits for the first.
    expect(FakeXhr.requests).toHaveLength(1);

    first.progress(1, 3);
    const bar = screen.getByRole('progressbar', { name: 'Uploading letter.pdf' });
    expect(bar).toHaveAttribute('aria-valuenow', '33.33');
    expect(screen.getByText('33.33%')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove letter.pdf' })).not.toBeInTheDocument();
    expect(send).toBeDisabled();

    first.respond(201, { stageId: 'upl_1', fileName: 'letter.pdf' });
    expect(bar).toHaveAttribute('aria-valuenow', '100');
    expect(screen.getByText('100.00%')).toBeInTheDocument();
    const second = await nthRequest(1);
    second.respond(201, { stageId: 'upl_2', fileName: 'second.pdf' });

    await userEvent.click(await screen.findByRole('button', { name: 'Remove second.pdf' }));
    // Deleted on the server at once, by its stage id.
    await waitFor(() => expect(screen.queryByText('second.pdf')).not.toBeInTheDocument());
    // With an empty JSON object: the API refuses a bodiless JSON request.
    expect(deletes).toEqual(['/api/documents/upload/stage/pol_1/upl_2 {}']);

    await userEvent.type(screen.getByLabelText(/Comment/), 'My renewal letter');
    // No claims proof is dated (spec 2 §5): Send waits for the date on the document.
    expect(send).toBeDisabled();
    const today = londonDateString(new Date());
    await typeDocumentDate(today);
    await waitFor(() => expect(send).toBeEnabled());
    await userEvent.click(send);
    expect(
      await screen.findByRole('heading', { name: 'Thank you, we have your files' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`${PAGE}/confirmation`);
    expect(commits).toEqual([
      {
        fileNames: ['letter.pdf'],
        comment: 'My renewal letter',
        purpose: 'ncb-proof',
        documentDate: today,
      },
    ]);
    expect(
      within(screen.getByRole('list', { name: 'Files sent' })).getByText('letter.pdf'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to your policy' })).toHaveAttribute(
      'href',
      '/flex/policy/pol_1',
    );
  });

  // Spec 2 §5: the no claims proof must be under 2 years old; the page says so before sending,
  // and shows the API's own words if it refuses the date all the same.
  it('refuses no claims proof 2 years old or more, or dated ahead, with a clear message', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-27T10:00:00Z') });
    const commits: unknown[] = [];
    const refusal = 'The API says the date will not do.';
    stubApi((url, init) => {
      if (url.endsWith('/api/documents/upload/commit/pol_1')) {
        commits.push(JSON.parse(String(init?.body)));
        return jsonResponse(400, {
          error: {
            code: 'VALIDATION_FAILED',
            message: refusal,
            details: { fields: [{ in: 'body', path: 'documentDate', message: refusal }] },
            requestId: 'r',
          },
        });
      }
      return jsonResponse(404, {});
    });
    renderUploadPage();
    await screen.findByRole('button', { name: 'Choose files' });
    expect(screen.getByRole('group', { name: /Date on the document/ })).toHaveAccessibleDescription(
      'The document must be under 2 years old. For example, 27 3 2026',
    );
    await choose(pdf('old.pdf'));
    (await nthRequest(0)).respond(201, { stageId: 'upl_1', fileName: 'old.pdf' });
    const send = screen.getByRole('button', { name: 'Send files' });

    await typeDocumentDate('2024-11-27');
    expect(
      await screen.findByText(
        'This document is more than 2 years old. Proof must be under 2 years old: send one dated 28 Nov 2024 or later.',
      ),
    ).toBeInTheDocument();
    expect(send).toBeDisabled();
    await typeDocumentDate('2026-11-28');
    expect(
      await screen.findByText('The date on the document cannot be in the future.'),
    ).toBeInTheDocument();
    expect(send).toBeDisabled();

    await typeDocumentDate('2024-11-28');
    await waitFor(() => expect(send).toBeEnabled());
    await userEvent.click(send);
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(commits).toEqual([
      { fileNames: ['old.pdf'], purpose: 'ncb-proof', documentDate: '2024-11-28' },
    ]);
    vi.useRealTimers();
  });

  it('keeps a file the server could not remove, says so, and removes it on a second try', async () => {
    let answer = 500;
    const deletes: string[] = [];
    stubApi((url, init) => {
      if (init?.method === 'DELETE') {
        deletes.push(url);
        return answer === 500
          ? jsonResponse(500, { error: { code: 'INTERNAL', message: 'x', requestId: 'r' } })
          : jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'gone', requestId: 'r' } });
      }
      return jsonResponse(404, {});
    });
    renderUploadPage();
    await screen.findByRole('button', { name: 'Choose files' });
    await choose(pdf('keep.pdf'));
    (await nthRequest(0)).respond(201, { stageId: 'upl_9', fileName: 'keep.pdf' });

    await userEvent.click(await screen.findByRole('button', { name: 'Remove keep.pdf' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not remove keep.pdf. Please try again.',
    );
    expect(screen.getByRole('progressbar', { name: 'Uploading keep.pdf' })).toBeInTheDocument();
    await typeDocumentDate(londonDateString(new Date()));
    expect(screen.getByRole('button', { name: 'Send files' })).toBeEnabled();

    // Already gone on the server (404): off the list all the same.
    answer = 404;
    await userEvent.click(screen.getByRole('button', { name: 'Remove keep.pdf' }));
    await waitFor(() => expect(screen.queryByText('keep.pdf')).not.toBeInTheDocument());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(deletes).toEqual([
      '/api/documents/upload/stage/pol_1/upl_9',
      '/api/documents/upload/stage/pol_1/upl_9',
    ]);
    expect(screen.getByRole('button', { name: 'Send files' })).toBeDisabled();
  });

  it('lists refused files by code, with a fallback, and lets them be dismissed', async () => {
    stubApi(() => jsonResponse(404, {}));
    renderUploadPage();
    await screen.findByRole('button', { name: 'Choose files' });

    await choose(
      pdf('huge.pdf', 10 * 1024 * 1024 + 1),
      new File(['MZ'], 'program.exe'),
      pdf('1.pdf'),
      pdf('2.pdf'),
      pdf('3.pdf'),
      pdf('4.pdf'),
      pdf('5.pdf'),
      pdf('6.pdf'),
    );
    const list = await screen.findByRole('region', { name: 'Files we could not accept' });
    expect(within(list).getByText(/huge\.pdf/).parentElement).toHaveTextContent(
      'huge.pdf: This file is too large. Files can be up to 10 MB.',
    );
    expect(within(list).getByText(/program\.exe/).parentElement).toHaveTextContent(
      'This kind of file cannot be sent.',
    );
    expect(within(list).getByText(/6\.pdf/).parentElement).toHaveTextContent(
      'Too many files. You can send up to 5 files.',
    );

    // The server's refusals: by its reason, else the unknown fallback.
    (await nthRequest(0)).respond(415, {
      error: {
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: 'no',
        requestId: 'r',
        details: { reason: 'file-invalid-type' },
      },
    });
    (await nthRequest(1)).respond(500, {
      error: { code: 'INTERNAL', message: 'Something went wrong on our side.', requestId: 'r' },
    });
    await waitFor(() =>
      expect(within(list).getByText(/2\.pdf/).parentElement).toHaveTextContent(
        'This file could not be uploaded. Please try again.',
      ),
    );
    expect(within(list).getByText(/1\.pdf/).parentElement).toHaveTextContent(
      'This kind of file cannot be sent.',
    );
    expect(screen.queryByRole('progressbar', { name: 'Uploading 1.pdf' })).not.toBeInTheDocument();

    await userEvent.click(
      screen.getByRole('button', { name: 'Dismiss the message about huge.pdf' }),
    );
    expect(within(list).queryByText(/huge\.pdf/)).not.toBeInTheDocument();
  });

  it('takes files dropped on the area', async () => {
    stubApi(() => jsonResponse(404, {}));
    renderUploadPage();
    const zone = await screen.findByTestId('dropzone');
    const file = pdf('dropped.pdf');
    act(() => {
      zone.dispatchEvent(
        Object.assign(new Event('drop', { bubbles: true, cancelable: true }), {
          dataTransfer: { files: [file] },
        }),
      );
    });
    expect(((await nthRequest(0)).body!.get('file') as File).name).toBe('dropped.pdf');
  });

  it('sends an upload type the product does not have back to the policy', async () => {
    stubApi(() => jsonResponse(404, {}));
    const router = renderUploadPage('/flex/policy/pol_1/uploads/passport');
    await screen.findByText('Somewhere else');
    expect(router.state.location.pathname).toBe('/flex/policy/pol_1');
  });
});
