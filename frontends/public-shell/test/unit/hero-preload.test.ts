import { heroPreload } from '../../src/entry-server';

describe('heroPreload', () => {
  it("preloads the page's high-priority picture with its srcset and sizes", () => {
    const html =
      '<main><img class="logo" src="/l.png"/><img class="hero__image" src="/uploads/a.1920x1080-960w.webp" srcSet="/uploads/a.1920x1080-320w.webp 320w, /uploads/a.1920x1080-960w.webp 960w" sizes="(min-width: 768px) 50vw, 100vw" width="1920" height="1080" alt="" fetchPriority="high"/></main>';
    expect(heroPreload(html)).toBe(
      '<link rel="preload" as="image" href="/uploads/a.1920x1080-960w.webp" imagesrcset="/uploads/a.1920x1080-320w.webp 320w, /uploads/a.1920x1080-960w.webp 960w" imagesizes="(min-width: 768px) 50vw, 100vw" fetchpriority="high" />',
    );
  });

  it('preloads nothing without such a picture, or for the placeholder pixel phones get', () => {
    expect(heroPreload('<main><img src="/a.png" loading="lazy"/></main>')).toBe('');
    expect(heroPreload('<picture><source media="(min-width: 768px)" srcSet="/a.webp"/><img src="data:image/gif;base64,R0lG" fetchPriority="high"/></picture>')).toBe('');
  });
});
