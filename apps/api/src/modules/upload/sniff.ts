import { fileTypeFromBuffer } from 'file-type';

// What a file is, from its bytes (file-type's signatures), never from its name or the browser's
// content type: a `.pdf` that is a Windows program is a Windows program.

type SniffedType = {
  /** The accepted extension it counts as (`jpeg` counts as `jpg`'s bytes, and so on). */
  extension: string;
  mimeType: string;
};

/** The file-type results each configured extension accepts. `doc` is checked further below. */
const EXTENSION_SIGNATURES: Record<string, readonly string[]> = {
  png: ['png'],
  jpg: ['jpg'],
  jpeg: ['jpg'],
  heic: ['heic'],
  pdf: ['pdf'],
  doc: ['cfb'],
  docx: ['docx'],
  rtf: ['rtf'],
  gif: ['gif'],
  webp: ['webp'],
  tif: ['tif'],
  tiff: ['tif'],
};

const MIME_TYPES: Record<string, string> = {
  doc: 'application/msword',
};

/** "WordDocument" in UTF-16LE: the stream every Word 97-2003 file has (an .msi or .xls has not). */
const WORD_DOCUMENT_STREAM = Buffer.from('WordDocument', 'utf16le');

/**
 * The accepted extension these bytes are, or null when they are none of `accept` (or nothing
 * known at all). `accept` is the product's list (`png`, `pdf`, `docx`, ...).
 */
export async function sniffFileType(
  bytes: Uint8Array,
  accept: readonly string[],
): Promise<SniffedType | null> {
  const detected = await fileTypeFromBuffer(bytes);
  if (!detected) return null;
  for (const extension of accept) {
    if (!(EXTENSION_SIGNATURES[extension] ?? []).includes(detected.ext)) continue;
    // A compound file is many things (Excel, installers): only a Word document is a .doc.
    if (detected.ext === 'cfb' && !Buffer.from(bytes).includes(WORD_DOCUMENT_STREAM)) continue;
    return { extension, mimeType: MIME_TYPES[extension] ?? detected.mime };
  }
  return null;
}
