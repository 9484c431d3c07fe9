import { movedPageUrl } from '../../src/campaign/landing-url';

/** A campaign's landing URL when its page moves (docs/admin.md#page-paths). */
describe('movedPageUrl', () => {
  it('replaces the page’s segment, keeping host, query and fragment', () => {
    expect(movedPageUrl('https://app.healthads.test/prp-hair?client=12&style=B', 'prp-hair', 'hair-restoration')).toBe('https://app.healthads.test/hair-restoration?client=12&style=B');
    expect(movedPageUrl('https://clinic.example/PRP-Hair#book', 'prp-hair', 'hair')).toBe('https://clinic.example/hair#book');
    expect(movedPageUrl('https://clinic.example/services/prp-hair', 'prp-hair', 'hair')).toBe('https://clinic.example/services/hair');
    expect(movedPageUrl('https://clinic.example/prp-hair/b', 'prp-hair', 'hair')).toBe('https://clinic.example/hair/b');
  });

  it('leaves other pages, the home page and what is not a URL alone', () => {
    expect(movedPageUrl('https://clinic.example/prp-hair-2', 'prp-hair', 'hair')).toBeNull();
    expect(movedPageUrl('https://clinic.example/', 'prp-hair', 'hair')).toBeNull();
    expect(movedPageUrl('https://clinic.example/book/prp-hair', 'prp-hair', 'hair')).toBeNull();
    expect(movedPageUrl('{{CLIENT_WEBSITE}}', 'prp-hair', 'hair')).toBeNull();
  });
});
