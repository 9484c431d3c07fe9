/** The image kinds the uploader accepts, told apart by their first bytes. */
export interface ImageType {
  mimeType: 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp';
  extension: 'jpg' | 'png' | 'gif' | 'webp';
}

/** The content type of each extension this store writes. */
export const MIME_BY_EXTENSION: Record<ImageType['extension'], ImageType['mimeType']> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
};

/** How many leading bytes detectImageType needs. */
export const SNIFF_BYTES = 12;

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const GIF87 = ascii('GIF87a');
const GIF89 = ascii('GIF89a');
const RIFF = ascii('RIFF');
const WEBP = ascii('WEBP');

/**
 * The image type of a file from its magic number, never from its name or
 * declared type; null for anything else (SVG included: it can carry script).
 */
export function detectImageType(head: Uint8Array): ImageType | null {
  if (startsWith(head, JPEG)) return { mimeType: 'image/jpeg', extension: 'jpg' };
  if (startsWith(head, PNG)) return { mimeType: 'image/png', extension: 'png' };
  if (startsWith(head, GIF87) || startsWith(head, GIF89)) return { mimeType: 'image/gif', extension: 'gif' };
  if (startsWith(head, RIFF) && startsWith(head, WEBP, 8)) return { mimeType: 'image/webp', extension: 'webp' };
  return null;
}
