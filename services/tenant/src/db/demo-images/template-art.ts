import { DEMO_BEFORE_AFTER_SIZE, DEMO_HERO_SIZE, type DemoArtSlug } from '@hap/contracts';
import { darken, hashOf, lighten, mix } from './colour';

/** A template's palette: a deep tone, a calm mid tone and a warm accent. */
export interface TemplatePalette {
  deep: string;
  mid: string;
  accent: string;
}

/** Calm, clinic-like palettes, one per seeded template. */
export const TEMPLATE_PALETTES: Readonly<Record<DemoArtSlug, TemplatePalette>> = {
  trt: { deep: '#1f4e79', mid: '#2a9d8f', accent: '#e9c46a' },
  'weight-loss': { deep: '#2d6a4f', mid: '#74c69d', accent: '#f4a261' },
  ed: { deep: '#3d348b', mid: '#7678ed', accent: '#f7b801' },
  plong: { deep: '#264653', mid: '#4f8fbf', accent: '#e76f51' },
  coolsculpting: { deep: '#0a5a8a', mid: '#48b5d9', accent: '#bde8f5' },
  semaglutide: { deep: '#4b3f72', mid: '#5fa8a0', accent: '#f6bd60' },
  'weight-management': { deep: '#386641', mid: '#a7c957', accent: '#f2c57c' },
};

/** The white symbol of each template, drawn in a 200×200 box. */
function symbol(slug: DemoArtSlug): string {
  switch (slug) {
    case 'trt': // a molecule: a hexagon ring with bonds and atoms
      return `<path d="M100 30 L160 65 L160 135 L100 170 L40 135 L40 65 Z" fill="none" stroke="#fff" stroke-width="10" stroke-linejoin="round"/>
        <path d="M100 58 L136 79 M64 121 L100 142" stroke="#fff" stroke-width="6" stroke-linecap="round" opacity=".7"/>
        ${[[100, 30], [160, 65], [160, 135], [100, 170], [40, 135], [40, 65]].map(([x, y]) => `<circle cx="${x}" cy="${y}" r="14" fill="#fff"/>`).join('')}`;
    case 'weight-loss': // a leaf over a gentle descending curve
      return `<path d="M150 30 C70 30 35 90 50 165 C120 160 165 115 150 30 Z" fill="#fff" opacity=".9"/>
        <path d="M52 163 C85 120 110 85 148 34" stroke-width="6" stroke="#000" stroke-opacity=".18" fill="none"/>`;
    case 'ed': // a heart with a pulse line
      return `<path d="M100 172 C40 128 22 96 30 68 C40 34 84 28 100 62 C116 28 160 34 170 68 C178 96 160 128 100 172 Z" fill="#fff" opacity=".92"/>
        <path d="M40 104 L76 104 L88 82 L104 126 L116 96 L160 96" stroke="#000" stroke-opacity=".22" stroke-width="7" fill="none" stroke-linejoin="round" stroke-linecap="round"/>`;
    case 'plong': // two interlocking rings inside a shield
      return `<path d="M100 22 L166 46 L166 100 C166 140 136 166 100 180 C64 166 34 140 34 100 L34 46 Z" fill="#fff" opacity=".18"/>
        <circle cx="82" cy="100" r="32" fill="none" stroke="#fff" stroke-width="10"/><circle cx="118" cy="100" r="32" fill="none" stroke="#fff" stroke-width="10"/>`;
    case 'coolsculpting': // an ice crystal
      return [0, 60, 120]
        .map(
          (r) => `<g transform="rotate(${r} 100 100)"><path d="M100 24 L100 176" stroke="#fff" stroke-width="10" stroke-linecap="round"/>
          <path d="M100 52 L82 36 M100 52 L118 36 M100 148 L82 164 M100 148 L118 164" stroke="#fff" stroke-width="7" stroke-linecap="round"/></g>`,
        )
        .join('');
    case 'semaglutide': // a drop and a small calendar of check-ins
      return `<path d="M100 24 C128 66 152 96 152 126 C152 156 128 178 100 178 C72 178 48 156 48 126 C48 96 72 66 100 24 Z" fill="#fff" opacity=".92"/>
        <path d="M76 132 L94 150 L128 112" stroke="#000" stroke-opacity=".2" stroke-width="9" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`;
    default: // weight management: a path winding up to a summit
      return `<path d="M20 170 L78 84 L104 118 L134 64 L182 170 Z" fill="#fff" opacity=".9"/>
        <path d="M60 170 C90 150 70 130 104 118 C120 110 118 90 134 64" stroke="#000" stroke-opacity=".2" stroke-width="6" fill="none" stroke-dasharray="10 9" stroke-linecap="round"/>`;
  }
}

/**
 * Soft discs scattered by a seed: the calm "bokeh" behind every picture.
 * Each fades out at its rim through a radial gradient (`disc0`, `disc1`, … in
 * `discGradients`), far cheaper for librsvg than blurring a whole layer.
 */
function discs(seed: number, count: number, width: number, height: number, colours: number, opacity: number): string {
  let h = seed;
  const next = () => {
    h = Math.imul(h ^ (h >>> 15), 2246822507) >>> 0;
    h = Math.imul(h ^ (h >>> 13), 3266489909) >>> 0;
    return (h ^ (h >>> 16)) / 4294967296;
  };
  return Array.from({ length: count }, (_, i) => {
    const r = Math.round((0.08 + next() * 0.2) * height);
    return `<circle cx="${Math.round(next() * width)}" cy="${Math.round(next() * height)}" r="${r}" fill="url(#disc${i % colours})" opacity="${(opacity * (0.5 + next() * 0.5)).toFixed(2)}"/>`;
  }).join('');
}

const discGradients = (colours: string[]) =>
  colours
    .map((c, i) => `<radialGradient id="disc${i}"><stop offset="0" stop-color="${c}"/><stop offset=".55" stop-color="${c}" stop-opacity=".7"/><stop offset="1" stop-color="${c}" stop-opacity="0"/></radialGradient>`)
    .join('');

/**
 * A template's hero, 1920×1080: a light wash of its palette, soft discs and
 * flowing ribbons, and on the right a glowing card with the template's symbol.
 * The left half stays quiet for the page's headline. No text, no people.
 */
export function heroSvg(slug: DemoArtSlug, palette: TemplatePalette): string {
  const { width: W, height: H } = DEMO_HERO_SIZE;
  const { deep, mid, accent } = palette;
  const seed = hashOf(slug);
  const ribbon = (y: number, amp: number, colour: string, opacity: number) =>
    `<path d="M0 ${y} C${W * 0.25} ${y - amp} ${W * 0.45} ${y + amp} ${W * 0.7} ${y - amp * 0.4} S${W * 0.95} ${y - amp} ${W} ${y - amp * 0.2} L${W} ${H} L0 ${H} Z" fill="${colour}" opacity="${opacity}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${lighten(mid, 0.88)}"/><stop offset=".55" stop-color="#ffffff"/><stop offset="1" stop-color="${lighten(accent, 0.8)}"/></linearGradient>
    <linearGradient id="card" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${lighten(mid, 0.1)}"/><stop offset="1" stop-color="${deep}"/></linearGradient>
    <radialGradient id="halo"><stop offset="0" stop-color="${lighten(accent, 0.3)}" stop-opacity=".75"/><stop offset="1" stop-color="${accent}" stop-opacity="0"/></radialGradient>
    ${discGradients([lighten(mid, 0.55), lighten(accent, 0.5), lighten(deep, 0.7)])}
    <filter id="shadow" x="-30%" y="-30%" width="160%" height="160%"><feDropShadow dx="0" dy="24" stdDeviation="30" flood-color="${darken(deep, 0.4)}" flood-opacity=".28"/></filter>
  </defs>
  <rect width="${W}" height="${H}" fill="url(#sky)"/>
  ${discs(seed, 9, W, H * 0.8, 3, 0.6)}
  <circle cx="${W * 0.72}" cy="${H * 0.42}" r="430" fill="url(#halo)"/>
  ${ribbon(H * 0.78, 70, lighten(mid, 0.45), 0.55)}
  ${ribbon(H * 0.86, 50, mix(mid, deep, 0.35), 0.55)}
  ${ribbon(H * 0.93, 36, deep, 0.85)}
  <g transform="translate(${W * 0.72 - 230} ${H * 0.42 - 230})" filter="url(#shadow)">
    <rect width="460" height="460" rx="96" fill="url(#card)"/>
    <rect x="18" y="18" width="424" height="200" rx="80" fill="#fff" opacity=".08"/>
    <g transform="translate(80 80) scale(1.5)">${symbol(slug)}</g>
  </g>
  ${[0, 1, 2, 3, 4].map((i) => `<circle cx="${W * 0.08 + i * 38}" cy="${H * 0.14}" r="7" fill="${deep}" opacity="${(0.18 + i * 0.06).toFixed(2)}"/>`).join('')}
</svg>`;
}

/**
 * One half of a before/after story, 960×720: the same small landscape twice.
 * Before: an overcast, muted scene with a tangled, sagging line; after: the
 * template's palette in clear light, the sun up, plants grown and the line
 * rising smoothly. `story` varies the hills, so each story has its own pair.
 * Abstract on purpose: no bodies, no faces, no promise of a result.
 */
export function beforeAfterSvg(slug: DemoArtSlug, palette: TemplatePalette, story: number, half: 'before' | 'after'): string {
  const { width: W, height: H } = DEMO_BEFORE_AFTER_SIZE;
  const after = half === 'after';
  const seed = hashOf(`${slug}-${story}`);
  const grey = '#8d99a6';
  // The "before" picture keeps a trace of the palette but washes it towards grey.
  const tone = (c: string) => (after ? c : mix(c, grey, 0.72));
  const { deep, mid, accent } = { deep: tone(palette.deep), mid: tone(palette.mid), accent: tone(palette.accent) };
  const lift = (seed % 60) - 30;
  const hill = (y: number, a: number, colour: string) =>
    `<path d="M0 ${y} C${W * 0.3} ${y - a + lift} ${W * 0.55} ${y + a * 0.6} ${W} ${y - a * 0.5} L${W} ${H} L0 ${H} Z" fill="${colour}"/>`;
  const line = after
    ? `<path d="M90 ${H * 0.62} C260 ${H * 0.6} 380 ${H * 0.48} 520 ${H * 0.4} S780 ${H * 0.24} 880 ${H * 0.2}" stroke="#fff" stroke-width="14" fill="none" stroke-linecap="round"/>
       <circle cx="880" cy="${H * 0.2}" r="20" fill="#fff"/><circle cx="880" cy="${H * 0.2}" r="9" fill="${accent}"/>`
    : `<path d="M90 ${H * 0.4} C170 ${H * 0.3} 210 ${H * 0.55} 300 ${H * 0.47} S430 ${H * 0.36} 500 ${H * 0.52} S650 ${H * 0.6} 720 ${H * 0.5} S820 ${H * 0.58} 880 ${H * 0.6}" stroke="#fff" stroke-opacity=".75" stroke-width="12" fill="none" stroke-linecap="round" stroke-dasharray="2 22"/>`;
  const sun = after
    ? `<circle cx="${W * 0.78}" cy="${H * 0.2}" r="150" fill="url(#glow)"/><circle cx="${W * 0.78}" cy="${H * 0.2}" r="58" fill="${lighten(accent, 0.25)}"/>`
    : `<circle cx="${W * 0.78}" cy="${H * 0.26}" r="46" fill="#dfe3e8" opacity=".7"/>
       <g fill="#eef1f4" opacity=".9"><ellipse cx="${W * 0.72}" cy="${H * 0.27}" rx="120" ry="38"/><ellipse cx="${W * 0.84}" cy="${H * 0.3}" rx="90" ry="30"/><ellipse cx="${W * 0.3}" cy="${H * 0.18}" rx="140" ry="34"/></g>`;
  const sprout = (x: number, y: number, s: number) =>
    after
      ? `<g transform="translate(${x} ${y}) scale(${s})"><path d="M0 0 L0 -70" stroke="${darken(deep, 0.1)}" stroke-width="6"/>
          <ellipse cx="-18" cy="-52" rx="18" ry="34" transform="rotate(-35 -18 -52)" fill="${mid}"/><ellipse cx="18" cy="-66" rx="18" ry="34" transform="rotate(35 18 -66)" fill="${lighten(mid, 0.2)}"/>
          <circle cx="0" cy="-78" r="10" fill="${accent}"/></g>`
      : `<g transform="translate(${x} ${y}) scale(${s})"><path d="M0 0 L-4 -40" stroke="${darken(deep, 0.1)}" stroke-width="6"/>
          <ellipse cx="-14" cy="-30" rx="12" ry="22" transform="rotate(-70 -14 -30)" fill="${mid}"/></g>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${after ? lighten(mid, 0.7) : '#c9d0d8'}"/><stop offset="1" stop-color="${after ? lighten(accent, 0.75) : '#e6e9ed'}"/></linearGradient>
    <radialGradient id="glow"><stop offset="0" stop-color="${lighten(accent, 0.5)}" stop-opacity=".9"/><stop offset="1" stop-color="${accent}" stop-opacity="0"/></radialGradient>
  </defs>
  <rect width="${W}" height="${H}" fill="url(#sky)"/>
  <!-- every other story is the mirror image, so a template's two pairs differ at a glance -->
  <g${story % 2 ? ` transform="translate(${W} 0) scale(-1 1)"` : ''}>
  ${sun}
  ${hill(H * 0.66, 60, lighten(mid, 0.35))}
  ${hill(H * 0.76, 46, mix(mid, deep, 0.45))}
  ${hill(H * 0.88, 30, deep)}
  ${line}
  ${sprout(W * 0.16, H * 0.9, 1.3)}${sprout(W * 0.3, H * 0.93, 1)}${sprout(W * 0.62, H * 0.92, 1.15)}
  </g>
  <rect x="10" y="10" width="${W - 20}" height="${H - 20}" rx="28" fill="none" stroke="#fff" stroke-opacity=".6" stroke-width="4"/>
</svg>`;
}
