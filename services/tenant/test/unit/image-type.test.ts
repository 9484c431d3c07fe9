import { detectImageType } from '../../src/modules/upload/image-type';
import { gifHead, jpegBytes, pngBytes, webpHead } from '@hap/test-kit/fixtures/images';

describe('detectImageType', () => {
  it.each([
    ['PNG', pngBytes(), { mimeType: 'image/png', extension: 'png' }],
    ['JPEG', jpegBytes(), { mimeType: 'image/jpeg', extension: 'jpg' }],
    ['GIF89a', gifHead(), { mimeType: 'image/gif', extension: 'gif' }],
    ['GIF87a', Buffer.from('GIF87a\x01\x00', 'latin1'), { mimeType: 'image/gif', extension: 'gif' }],
    ['WebP', webpHead(), { mimeType: 'image/webp', extension: 'webp' }],
  ])('recognises %s by its magic number', (_name, bytes, expected) => {
    expect(detectImageType(bytes)).toEqual(expected);
  });

  it.each([
    ['empty', Buffer.alloc(0)],
    ['text', Buffer.from('hello, world')],
    ['SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>')],
    ['HTML', Buffer.from('<!doctype html><script>alert(1)</script>')],
    ['a RIFF that is not WebP (WAV)', Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WAVEfmt ')])],
    ['a truncated PNG signature', pngBytes().subarray(0, 4)],
    ['PDF', Buffer.from('%PDF-1.7')],
  ])('refuses %s', (_name, bytes) => {
    expect(detectImageType(bytes)).toBeNull();
  });
});
