import { darken, hashOf, lighten, mix } from './colour';

export const PORTRAIT_WIDTH = 800;
export const PORTRAIT_HEIGHT = 1000;

/** How a staff member is drawn. */
export interface PortraitLook {
  skin: string;
  hair: string;
  hairStyle: 'short' | 'side-part' | 'long' | 'bun' | 'bob' | 'curly';
  /** The top worn under the coat (or alone). */
  top: string;
  /** A white clinical coat and a stethoscope. */
  clinical: boolean;
}

const SKINS = ['#f1c9a5', '#e0ac85', '#c68642', '#a8704a', '#8d5524', '#f5d6bd'];
const HAIRS = ['#2b1d14', '#4a3222', '#6b4a2e', '#1c1c1c', '#a0703c', '#3b2a20'];
const TOPS = ['#2f4858', '#6d597a', '#355070', '#52796f', '#9a3b3b', '#3d5a80'];

/** The seeded staff, drawn as their names and titles suggest. */
export const STAFF_LOOKS: Readonly<Record<string, Omit<PortraitLook, 'clinical'>>> = {
  'Dr. Elena Marquez': { skin: '#d9a47c', hair: '#2b1d14', hairStyle: 'long', top: '#355070' },
  'Jordan Blake, PA-C': { skin: '#f1c9a5', hair: '#6b4a2e', hairStyle: 'side-part', top: '#2f4858' },
  'Maya Chen, RN': { skin: '#f0cfae', hair: '#1c1c1c', hairStyle: 'bob', top: '#52796f' },
  'Dr. Marcus Reed': { skin: '#8d5524', hair: '#1c1c1c', hairStyle: 'short', top: '#3d5a80' },
  'Tyler Grant, NP': { skin: '#e8b98f', hair: '#a0703c', hairStyle: 'short', top: '#2f4858' },
  'Dr. Sophie Laurent': { skin: '#f5d6bd', hair: '#a0703c', hairStyle: 'bun', top: '#6d597a' },
  'Ava Thompson, LE': { skin: '#e0ac85', hair: '#4a3222', hairStyle: 'long', top: '#9a3b3b' },
  'Isabella Cruz, RN': { skin: '#c68642', hair: '#2b1d14', hairStyle: 'curly', top: '#6d597a' },
  'Nina Patel': { skin: '#a8704a', hair: '#1c1c1c', hairStyle: 'long', top: '#3d5a80' },
};

/** A look for a staff member: their own from STAFF_LOOKS, else one picked from the name. */
export function lookOf(name: string, title: string): PortraitLook {
  const h = hashOf(name);
  const styles: PortraitLook['hairStyle'][] = ['short', 'side-part', 'long', 'bun', 'bob', 'curly'];
  const clinical = /\b(Dr\.|RN|NP|PA|MD|Physician|Nurse|Director)(?!\w)/.test(`${name} ${title}`);
  const own = STAFF_LOOKS[name];
  if (own) return { ...own, clinical };
  return {
    skin: SKINS[h % SKINS.length],
    hair: HAIRS[(h >>> 4) % HAIRS.length],
    hairStyle: styles[(h >>> 8) % styles.length],
    top: TOPS[(h >>> 12) % TOPS.length],
    clinical,
  };
}

/** Hair drawn behind the head (long hair falls behind the shoulders). */
function hairBack(style: PortraitLook['hairStyle'], hair: string): string {
  if (style === 'long') return `<path d="M262 330 Q250 560 290 700 L510 700 Q550 560 538 330 Q520 200 400 196 Q280 200 262 330 Z" fill="${hair}"/>`;
  if (style === 'bob') return `<path d="M268 330 Q256 500 300 560 L500 560 Q544 500 532 330 Q520 204 400 200 Q280 204 268 330 Z" fill="${hair}"/>`;
  if (style === 'bun') return `<circle cx="400" cy="190" r="62" fill="${hair}"/>`;
  return '';
}

/** Hair drawn over the top of the head. */
function hairFront(style: PortraitLook['hairStyle'], hair: string): string {
  const shine = `<path d="M330 240 Q380 214 440 226" stroke="#fff" stroke-opacity=".12" stroke-width="10" fill="none" stroke-linecap="round"/>`;
  switch (style) {
    case 'short':
      return `<path d="M286 344 Q278 204 400 200 Q522 204 514 344 Q500 286 470 272 Q400 300 330 272 Q300 290 290 340 Z" fill="${hair}"/>${shine}`;
    case 'side-part':
      return `<path d="M288 350 Q276 220 400 210 Q524 218 512 344 Q504 292 480 270 Q420 262 360 296 Q320 312 288 350 Z" fill="${hair}"/>${shine}`;
    case 'curly':
      return `<g fill="${hair}">${[
        [300, 300], [326, 258], [366, 232], [410, 224], [452, 236], [488, 266], [504, 306], [340, 280], [430, 262], [470, 296],
      ]
        .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="36"/>`)
        .join('')}</g>`;
    default: // long, bob, bun: swept back from a centre part
      return `<path d="M286 360 Q276 218 400 208 Q524 218 514 360 Q498 280 410 258 L400 250 L390 258 Q302 280 286 360 Z" fill="${hair}"/>${shine}`;
  }
}

/**
 * A head-and-shoulders portrait, 800×1000: a soft studio backdrop in the
 * clinic's colour, the person in a clinical coat or their own top. Faces
 * are drawn in a few friendly strokes, as in editorial illustration.
 */
export function portraitSvg(look: PortraitLook, brandColor: string): string {
  const backdrop = lighten(brandColor, 0.7);
  const skinShade = darken(look.skin, 0.12);
  const coat = look.clinical
    ? `<path d="M46 1000 Q56 730 250 664 L356 640 L400 820 L444 640 L550 664 Q744 730 754 1000 Z" fill="#fbfcfd"/>
       <path d="M356 640 L400 820 L320 1000 L286 1000 L320 740 Z" fill="#e8edf1"/><path d="M444 640 L400 820 L480 1000 L514 1000 L480 740 Z" fill="#e8edf1"/>
       <path d="M338 650 Q296 770 350 850 Q380 892 400 892" stroke="#3a3f47" stroke-width="10" fill="none" stroke-linecap="round"/>
       <circle cx="402" cy="894" r="16" fill="#9aa3ad"/><rect x="580" y="850" width="70" height="8" rx="4" fill="${brandColor}"/>`
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${PORTRAIT_WIDTH}" height="${PORTRAIT_HEIGHT}" viewBox="0 0 800 1000">
  <defs>
    <radialGradient id="bg" cx=".5" cy=".35" r=".8"><stop offset="0" stop-color="${lighten(backdrop, 0.55)}"/><stop offset="1" stop-color="${mix(backdrop, brandColor, 0.25)}"/></radialGradient>
    <linearGradient id="skin" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${lighten(look.skin, 0.06)}"/><stop offset="1" stop-color="${skinShade}"/></linearGradient>
    <radialGradient id="shade"><stop offset="0" stop-color="#000" stop-opacity=".18"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>
  </defs>
  <rect width="800" height="1000" fill="url(#bg)"/>
  <circle cx="640" cy="180" r="150" fill="#fff" opacity=".18"/><circle cx="150" cy="300" r="90" fill="#fff" opacity=".12"/>
  ${hairBack(look.hairStyle, look.hair)}
  <ellipse cx="400" cy="1000" rx="330" ry="60" fill="url(#shade)"/>
  <path d="M40 1000 Q50 724 270 652 L530 652 Q750 724 760 1000 Z" fill="${look.top}"/>
  <path d="M352 560 L352 656 Q400 720 448 656 L448 560 Z" fill="${skinShade}"/>
  <path d="M352 630 Q400 668 448 630 L448 656 Q400 720 352 656 Z" fill="${darken(look.skin, 0.2)}" opacity=".5"/>
  ${coat}
  <ellipse cx="282" cy="400" rx="24" ry="40" fill="${skinShade}"/><ellipse cx="518" cy="400" rx="24" ry="40" fill="${skinShade}"/>
  <path d="M284 330 Q284 210 400 210 Q516 210 516 330 L516 420 Q516 580 400 600 Q284 580 284 420 Z" fill="url(#skin)"/>
  <g fill="none" stroke-linecap="round">
    <path d="M336 384 Q356 372 376 382 M424 382 Q444 372 464 384" stroke="${darken(look.hair, 0.1)}" stroke-width="7"/>
    <path d="M398 420 Q390 462 404 468" stroke="${darken(look.skin, 0.22)}" stroke-width="5"/>
    <path d="M366 508 Q400 530 434 508" stroke="${darken(look.skin, 0.4)}" stroke-width="6"/>
  </g>
  <ellipse cx="356" cy="412" rx="9" ry="11" fill="#2a2420"/><ellipse cx="444" cy="412" rx="9" ry="11" fill="#2a2420"/>
  <ellipse cx="340" cy="468" rx="22" ry="12" fill="#e38b7a" opacity=".18"/><ellipse cx="460" cy="468" rx="22" ry="12" fill="#e38b7a" opacity=".18"/>
  ${hairFront(look.hairStyle, look.hair)}
</svg>`;
}
