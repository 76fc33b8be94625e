import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { create, type Font } from 'fontkit';
import PDFDocument from 'pdfkit';

// PDF rendering with pdfkit and an embedded DejaVu Sans: the built-in Helvetica garbles some
// Unicode (Welsh Ŵ/Ŷ in names and addresses), an embedded TTF does not, and its ToUnicode map
// keeps the text extractable (pdftotext, screen readers).

const require = createRequire(import.meta.url);
const FONT_DIR = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');

function openFont(file: string): Font {
  const font = create(readFileSync(path.join(FONT_DIR, file)));
  if (!('layout' in font)) throw new Error(`${file} is a font collection, not a font`);
  return font;
}

// Parsed once per process, on first use: given a buffer, pdfkit parses the TTF again for every
// document (about half its render time); given a parsed font it only makes that document's
// subset. Sharing is safe: layout and subsetting read the font synchronously.
let fonts: { regular: Font; bold: Font } | undefined;
const loadFonts = () =>
  (fonts ??= { regular: openFont('DejaVuSans.ttf'), bold: openFont('DejaVuSans-Bold.ttf') });

/** A document is a title and sections of label/value rows or paragraphs. */
type PdfSection = {
  heading?: string;
  rows?: readonly (readonly [string, string])[];
  paragraphs?: readonly string[];
};

export type PdfContent = {
  /**
   * A warning printed above the title of the first page, in bold red capitals' weight (a policy
   * not taken up: the document must not be read as proof of cover).
   */
  marking?: string;
  title: string;
  subtitle?: string;
  sections: readonly PdfSection[];
  footer?: string;
  /** The PDF's creation date: the app clock's, so that a document is reproducible. */
  createdAt: Date;
};

export function renderPdf(content: PdfContent): Promise<Buffer> {
  const { regular, bold } = loadFonts();
  const doc = new PDFDocument({
    // No default Helvetica: pdfkit would parse its AFM metrics for every document, unused.
    // pdfkit takes null here (no font until one is chosen); its typings only allow a name.
    font: null as unknown as string,
    size: 'A4',
    margin: 56,
    info: { Title: content.title, CreationDate: content.createdAt, ModDate: content.createdAt },
    lang: 'en-GB',
    displayTitle: true,
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  // pdfkit accepts a fontkit font where its types only list file names and buffers.
  doc.registerFont('regular', regular as unknown as Buffer);
  doc.registerFont('bold', bold as unknown as Buffer);

  if (content.marking) {
    doc.font('bold').fontSize(14).fillColor('#b00020').text(content.marking).moveDown(0.5);
    doc.fillColor('#000');
  }
  doc.font('bold').fontSize(18).text(content.title);
  if (content.subtitle) doc.font('regular').fontSize(11).fillColor('#444').text(content.subtitle);
  doc.fillColor('#000').moveDown();
  for (const section of content.sections) {
    if (section.heading) doc.font('bold').fontSize(13).text(section.heading).moveDown(0.3);
    for (const [label, value] of section.rows ?? []) {
      doc.font('bold').fontSize(10).text(`${label}: `, { continued: true });
      doc.font('regular').text(value);
    }
    for (const paragraph of section.paragraphs ?? []) {
      doc.font('regular').fontSize(10).text(paragraph, { align: 'left' }).moveDown(0.4);
    }
    doc.moveDown();
  }
  if (content.footer) doc.font('regular').fontSize(8).fillColor('#555').text(content.footer);
  doc.end();
  return done;
}
