import type { Page, Response } from 'playwright-core';

/**
 * The next rated save of the proposal (a PATCH with `applyRating: true`, as "Save and continue"
 * and "Save driver" send), not one of the quiet saves of answers as they are typed, which may
 * answer in between on a busy machine with the quote still INSUFFICIENT_ACCURACY.
 */
export function nextRatedSave(page: Page): Promise<Response> {
  return page.waitForResponse(
    (response) =>
      response.request().method() === 'PATCH' &&
      response.ok() &&
      (JSON.parse(response.request().postData() ?? '{}') as { applyRating?: boolean })
        .applyRating === true,
  );
}
