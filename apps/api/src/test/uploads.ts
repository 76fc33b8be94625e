// Test kit for suites that send files: a multipart body and files of known types.
import { randomBytes } from 'node:crypto';

/** One file part, as a browser's FormData would send it. */
export function multipartFile(options: {
  fileName: string;
  bytes: Buffer;
  contentType?: string;
  field?: string;
}): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----motor-test-${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${options.field ?? 'file'}"; ` +
      `filename="${options.fileName}"\r\nContent-Type: ${options.contentType ?? 'application/octet-stream'}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, options.bytes, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A PDF of `size` bytes: a real header and trailer around filler. */
export function pdfBytes(size = 2048): Buffer {
  const head = Buffer.from(
    '%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\nendobj\n',
    'latin1',
  );
  const tail = Buffer.from('\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
  const filler = Buffer.alloc(Math.max(0, size - head.length - tail.length), 0x20);
  return Buffer.concat([head, filler, tail]);
}

/** A Windows program's first bytes (the MZ header), whatever it is called. */
export function exeBytes(size = 4096): Buffer {
  const bytes = Buffer.alloc(size);
  bytes.write('MZ', 0, 'latin1');
  bytes.writeUInt32LE(0x80, 0x3c);
  bytes.write('PE\0\0', 0x80, 'latin1');
  return bytes;
}
