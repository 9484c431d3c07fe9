import { expect, test, type Page } from '@playwright/test';

/**
 *, readable brands: on every demo clinic's home page, text on a
 * brand colour reaches WCAG's 4.5:1 against what is really painted behind it,
 * focus rings show on every background, and e-mail addresses wrap at
 * sensible points. Colours are measured in the browser from computed styles.
 */
const DEMO_CLIENTS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];

/** Text whose colour comes from the brand palette, and every button. */
const BRANDED_TEXT = [
  '.topbar .btn',
  '.clinic-name--header',
  '#hero-title',
  '.hero__eyebrow',
  '.hero__lead',
  '.hero .btn',
  '.visit-card__list a',
  '.section__title',
  '.service-card__title',
  '.service-card__link',
  '.empty-services .btn',
  '.footer__heading',
  '.footer__list a',
  '.footer__disclaimer',
  '.footer .link-button',
];

interface Measured {
  selector: string;
  text: string;
  colour: string;
  /** The worst ratio against every colour that can be behind the text. */
  ratio: number;
  backgrounds: string[];
}

interface FocusRing {
  name: string;
  outlineStyle: string;
  outlineWidth: number;
  ratio: number;
}

/**
 * In-page helpers, installed once per page: colour parsing, compositing and
 * the colours that can show behind an element (its own and its ancestors'
 * background colours and gradient stops, translucent ones composited over what
 * lies below; for a gradient, every stop, so both ends are checked).
 */
async function installColourTools(page: Page) {
  await page.evaluate(() => {
    type Rgba = [number, number, number, number];
    const COLOUR = /rgba?\([^)]*\)|color\(srgb[^)]*\)|transparent/g;
    const parse = (text: string): Rgba => {
      if (text === 'transparent') return [0, 0, 0, 0];
      const nums = (text.match(/-?[\d.]+%?/g) ?? []).map((n) => (n.endsWith('%') ? parseFloat(n) / 100 : parseFloat(n)));
      if (text.startsWith('color(')) {
        const [r = 0, g = 0, b = 0, a = 1] = nums;
        return [r * 255, g * 255, b * 255, a];
      }
      const [r = 0, g = 0, b = 0, a = 1] = nums;
      return [r, g, b, a];
    };
    const over = (top: Rgba, below: Rgba): Rgba => {
      const a = top[3];
      return [0, 1, 2].map((i) => top[i]! * a + below[i]! * (1 - a)).concat(1) as Rgba;
    };
    const luminance = ([r, g, b]: Rgba) => {
      const lin = (c: number) => {
        const s = c / 255;
        return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
    };
    const ratio = (a: Rgba, b: Rgba) => {
      const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
      return (hi + 0.05) / (lo + 0.05);
    };
    const GRADIENT = /(?:repeating-)?(?:linear|radial|conic)-gradient\((?:[^()]|\((?:[^()]|\([^()]*\))*\))*\)/g;

    const backgroundsBehind = (element: Element): Rgba[] => {
      const layers: { colour: Rgba; images: Rgba[][] }[] = [];
      for (let node: Element | null = element; node; node = node.parentElement) {
        const style = getComputedStyle(node);
        const colour = parse(style.backgroundColor);
        // background-image lists the top image first.
        const images = (style.backgroundImage.match(GRADIENT) ?? []).map((g) => (g.match(COLOUR) ?? []).map(parse));
        layers.push({ colour, images });
        if (colour[3] === 1 || images.some((stops) => stops.length > 0 && stops.every((s) => s[3] === 1))) break;
      }
      let candidates: Rgba[] = [[255, 255, 255, 1]]; // the canvas
      for (const layer of layers.reverse()) {
        candidates = candidates.map((c) => over(layer.colour, c));
        for (const stops of [...layer.images].reverse()) {
          candidates = stops.flatMap((stop) => candidates.map((c) => over(stop, c)));
        }
      }
      const unique = new Map(candidates.map((c) => [c.map((n) => Math.round(n)).join(','), c]));
      return [...unique.values()];
    };

    const worstRatio = (colour: Rgba, element: Element) => {
      const backgrounds = backgroundsBehind(element);
      const value = Math.min(...backgrounds.map((bg) => ratio(over(colour, bg), bg)));
      return { value, backgrounds: backgrounds.map((b) => `rgb(${b.slice(0, 3).map(Math.round).join(' ')})`) };
    };

    Object.assign(window, {
      __colour: {
        measure(selector: string) {
          return [...document.querySelectorAll(selector)]
            .filter((el) => (el as HTMLElement).offsetParent !== null || getComputedStyle(el).position === 'fixed')
            .map((el) => {
              const colour = getComputedStyle(el).color;
              const { value, backgrounds } = worstRatio(parse(colour), el);
              return { selector, text: (el.textContent ?? '').trim().slice(0, 40), colour, ratio: value, backgrounds };
            });
        },
        focusRing() {
          const el = document.activeElement;
          if (!el || el === document.body) return null;
          const style = getComputedStyle(el);
          // The ring is drawn outside the element (outline-offset), over what is behind it.
          const { value } = worstRatio(parse(style.outlineColor), el.parentElement ?? el);
          return {
            name: `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 30)}"`,
            outlineStyle: style.outlineStyle,
            outlineWidth: parseFloat(style.outlineWidth),
            ratio: value,
          };
        },
      },
    });
  });
}

async function measure(page: Page, selector: string): Promise<Measured[]> {
  return page.evaluate(
    (s) => (window as unknown as { __colour: { measure(s: string): Measured[] } }).__colour.measure(s),
    selector,
  );
}

async function focusRing(page: Page): Promise<FocusRing | null> {
  return page.evaluate(() => (window as unknown as { __colour: { focusRing(): FocusRing | null } }).__colour.focusRing());
}

test.describe('readable brands', () => {
  for (const id of DEMO_CLIENTS) {
    test(`client ${id}: branded text reads at 4.5:1 and every focus ring shows`, async ({ page }, testInfo) => {
      // Colours do not change with the width: every clinic is measured at phone size, the desktop layout on clients 1 and 2.
      test.skip(testInfo.project.name === 'desktop' && id > 2, 'every clinic is measured at phone size; the desktop layout on clients 1 and 2');
      await page.goto(`/?client=${id}`);
      await expect(page.locator('#hero-title')).toBeVisible();
      await installColourTools(page);

      const measured = (await Promise.all(BRANDED_TEXT.map((s) => measure(page, s)))).flat();
      // The journeys this item names must be there: hero heading, the top bar's call button, the hero's buttons.
      for (const required of ['#hero-title', '.topbar .btn', '.hero .btn']) {
        expect(measured.some((m) => m.selector === required), `${required} on client ${id}`).toBe(true);
      }
      const failing = measured.filter((m) => m.ratio < 4.5);
      expect(failing, `text below 4.5:1 on client ${id}`).toEqual([]);

      // Keyboard through the page: every stop shows a ring of at least 3:1 against what it is drawn on.
      const rings: FocusRing[] = [];
      for (let i = 0; i < 40; i++) {
        await page.keyboard.press('Tab');
        const ring = await focusRing(page);
        if (!ring) break;
        if (rings.some((r) => r.name === ring.name) && rings.length > 3) break;
        rings.push(ring);
      }
      expect(rings.length, `focus stops on client ${id}`).toBeGreaterThan(3);
      const invisible = rings.filter((r) => r.outlineStyle === 'none' || r.outlineWidth < 2 || r.ratio < 3);
      expect(invisible, `focus rings that do not show on client ${id}`).toEqual([]);
    });
  }

  test('e-mail addresses wrap after the @ or before a dot at 320 px, never mid-word', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 700 });
    for (const id of [5, 8]) {
      await page.goto(`/?client=${id}`);
      const link = page.locator('.footer .contact-email');
      await expect(link).toBeVisible();
      const layout = await link.evaluate((el) => {
        // The address's parts: the text between its <wbr>s.
        const parts: Text[] = [];
        const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) parts.push(node as Text);
        const linesPerPart = parts.map((node) => {
          const range = document.createRange();
          range.selectNodeContents(node);
          return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
        });
        const lines = new Set(parts.flatMap((node) => {
          const range = document.createRange();
          range.selectNodeContents(node);
          return [...range.getClientRects()].map((r) => Math.round(r.top));
        })).size;
        const top = (node: Text) => {
          const range = document.createRange();
          range.selectNodeContents(node);
          return Math.round(range.getBoundingClientRect().top);
        };
        const firstLine = parts
          .filter((node) => top(node) === top(parts[0]!))
          .map((node) => node.data)
          .join('');
        return { parts: parts.length, linesPerPart, lines, firstLine, pageWidth: document.documentElement.scrollWidth };
      });
      expect(layout.parts, `client ${id}`).toBeGreaterThanOrEqual(3);
      // Too long for one line at 320 px, so it wraps, but only between its parts, first after the @.
      expect(layout.lines, `client ${id}`).toBeGreaterThan(1);
      expect(layout.firstLine, `client ${id}`).toMatch(/@$/);
      expect(layout.linesPerPart.every((n) => n === 1), `client ${id}: ${JSON.stringify(layout)}`).toBe(true);
      expect(layout.pageWidth).toBeLessThanOrEqual(320);
    }
  });
});
