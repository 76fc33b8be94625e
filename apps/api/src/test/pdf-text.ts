import { extractText } from 'unpdf';

/**
 * The words of a PDF as one string, read with PDF.js (unpdf) so that a test needs no system
 * program. Runs of white space (line and page breaks) become one space, so a phrase reads the
 * same wherever the layout wraps it. Every test that checks a document's words reads them here.
 */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  // PDF.js takes ownership of (detaches) the buffer it is given: hand it a copy.
  const { text } = await extractText(new Uint8Array(bytes), { mergePages: true });
  return text.replace(/\s+/g, ' ').trim();
}
