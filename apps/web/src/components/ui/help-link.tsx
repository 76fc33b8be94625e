import { brand } from '../../lib/brand';

// Content pages under the brand's content base (spec 1 §7): questions, covers, optional covers
// and each product's exposures.
const contentPage = (folder: string, name: string) =>
  `${brand.contentBaseUrl}/${folder}/${encodeURIComponent(name)}.html`;

/** The URL of a question's help page under the brand's content base. */
export function helpPageUrl(helpLink: string): string {
  return contentPage('questions', helpLink);
}

/** What an included cover does. */
export function coverPageUrl(code: string): string {
  return contentPage('covers', code);
}

/** What an optional cover (add-on) does. */
export function optionalCoverPageUrl(code: string): string {
  return contentPage('optional-covers', code);
}

/** What a product covers and what it doesn't, by its url name. */
export function exposuresPageUrl(productUrlName: string): string {
  return contentPage('exposures', productUrlName);
}
