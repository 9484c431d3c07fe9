import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

const chunk = (type: string, data: Buffer) => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

/** A real, decodable PNG: `size`×`size` pixels of one RGB colour. */
export function pngBytes(size = 2, rgb: [number, number, number] = [55, 162, 212]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit, truecolour, deflate, no filter, no interlace
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => rgb).flat())]);
  const pixels = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A real, decodable 8×6 baseline JPEG of one colour (made with sharp). */
export const jpegBytes = (): Buffer =>
  Buffer.from(
    '/9j/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhC' +
      'Y2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAAGAAgDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAA' +
      'AAT/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFAEBAAAAAAAAAAAAAAAAAAAABf/EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAMAwEAAhEDEQA/AIADg9//2Q==',
    'base64',
  );

/** GIF89a and WebP headers, enough for sniffing. */
export const gifHead = () => Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00', 'latin1');
export const webpHead = () => Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x24, 0, 0, 0]), Buffer.from('WEBPVP8 ')]);

/** What a phone writes into a photo and must never be served: found in the bytes, it is a leak. */
export const SENDER_TRACES = { serial: 'SN-4471-0091', owner: 'Ada Obi' } as const;

/**
 * A phone photo: stored 400×200 landscape tagged "rotate 90°" (shown 200×400),
 * with the camera's EXIF (GPS position, owner, serial number) and XMP.
 */
export async function phonePhoto(format: 'jpeg' | 'png' | 'webp' = 'jpeg'): Promise<Buffer> {
  const scene = await sharp(
    Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="200"><defs><linearGradient id="g"><stop offset="0" stop-color="#264653"/>' +
        '<stop offset="1" stop-color="#e9c46a"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><rect width="80" height="200" fill="#e76f51"/></svg>',
    ),
  )
    .png()
    .toBuffer();
  const tagged = sharp(scene)
    .withExif({
      IFD0: { Make: 'PhoneCo', Model: 'Pocket 12', Copyright: SENDER_TRACES.owner },
      IFD2: { BodySerialNumber: SENDER_TRACES.serial },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '39/1 44/1 3012/100', GPSLongitudeRef: 'W', GPSLongitude: '104/1 59/1 2441/100' },
    })
    .withXmp(
      '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
        `<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>${SENDER_TRACES.owner}, 4 Summit Ave</dc:creator></rdf:Description></rdf:RDF></x:xmpmeta>`,
    )
    .withMetadata({ orientation: 6 });
  return (format === 'jpeg' ? tagged.jpeg() : format === 'png' ? tagged.png() : tagged.webp()).toBuffer();
}

/** Whether `bytes` carry anything of phonePhoto's sender. */
export const carriesSenderTraces = (bytes: Buffer) => bytes.includes(SENDER_TRACES.serial) || bytes.includes(SENDER_TRACES.owner);
