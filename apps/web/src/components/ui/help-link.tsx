import { brand } from '../../lib/brand';

/** The URL of a question's help page under the brand's content base. */
export function helpPageUrl(helpLink: string): string {
  return `${brand.contentBaseUrl}/questions/${encodeURIComponent(helpLink)}.html`;
}
