import { describe, expect, it } from 'vitest';
import { sniffFileType } from './sniff';
import { exeBytes, pdfBytes } from '../../test/uploads';

const ACCEPT = ['png', 'jpg', 'jpeg', 'heic', 'pdf', 'doc', 'docx', 'rtf'];
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489',
  'hex',
);
const JPEG = Buffer.concat([Buffer.from('ffd8ffe000104a46494600', 'hex'), Buffer.alloc(64)]);
/** A compound file (OLE2) header, with or without a Word document stream's name in it. */
function compoundFile(withWordStream: boolean): Buffer {
  const bytes = Buffer.alloc(4096);
  Buffer.from('d0cf11e0a1b11ae1', 'hex').copy(bytes);
  if (withWordStream) Buffer.from('WordDocument', 'utf16le').copy(bytes, 1024);
  return bytes;
}

describe('sniffFileType', () => {
  it('names accepted files by their bytes', async () => {
    expect(await sniffFileType(pdfBytes(), ACCEPT)).toEqual({
      extension: 'pdf',
      mimeType: 'application/pdf',
    });
    expect((await sniffFileType(PNG, ACCEPT))?.extension).toBe('png');
    expect((await sniffFileType(JPEG, ACCEPT))?.extension).toBe('jpg');
    expect((await sniffFileType(Buffer.from('{\\rtf1\\ansi hello}'), ACCEPT))?.extension).toBe(
      'rtf',
    );
    expect(await sniffFileType(compoundFile(true), ACCEPT)).toEqual({
      extension: 'doc',
      mimeType: 'application/msword',
    });
  });

  it('refuses programs, other compound files, unknown bytes and types not accepted', async () => {
    expect(await sniffFileType(exeBytes(), ACCEPT)).toBeNull();
    expect(await sniffFileType(compoundFile(false), ACCEPT)).toBeNull();
    expect(await sniffFileType(Buffer.from('just some text'), ACCEPT)).toBeNull();
    expect(await sniffFileType(PNG, ['pdf'])).toBeNull();
  });
});
