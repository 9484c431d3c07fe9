import { FONT, darken, lighten, mix, xml } from './colour';
import { markSvg, splitName, type ClinicLook } from './logo';

export const OFFICE_WIDTH = 1920;
export const OFFICE_HEIGHT = 1080;

/** A lounge chair, its seat's front-left corner at (x, y). */
const chair = (x: number, y: number, colour: string) => `
  <g transform="translate(${x} ${y})">
    <ellipse cx="120" cy="178" rx="140" ry="16" fill="url(#shade)"/>
    <rect x="20" y="110" width="8" height="66" rx="3" fill="#6b5a48"/><rect x="212" y="110" width="8" height="66" rx="3" fill="#6b5a48"/>
    <path d="M0 10 Q0 -60 60 -70 L180 -70 Q240 -60 240 10 L240 90 L0 90 Z" fill="${darken(colour, 0.12)}"/>
    <rect x="-14" y="60" width="268" height="62" rx="26" fill="${colour}"/>
    <rect x="-14" y="60" width="268" height="18" rx="9" fill="#fff" opacity=".18"/>
  </g>`;

/** A potted plant standing at (x, y) (the pot's bottom centre). */
const plant = (x: number, y: number, scale: number) => {
  const leaves = [
    [-70, -250, -35], [60, -270, 30], [-20, -330, -8], [95, -200, 55], [-105, -180, -60], [25, -210, 12], [-50, -300, -22],
  ]
    .map(([dx, dy, r], i) => {
      const green = ['#2f6f4f', '#3c8a5f', '#4f9d6b', '#27624a'][i % 4];
      return `<ellipse cx="${dx}" cy="${dy}" rx="34" ry="92" transform="rotate(${r} ${dx} ${dy})" fill="${green}"/>`;
    })
    .join('');
  return `<g transform="translate(${x} ${y}) scale(${scale})">
    <ellipse cx="0" cy="4" rx="110" ry="16" fill="url(#shade)"/>
    <path d="M-20 -130 L-15 -40 M20 -130 L10 -40 M0 -160 L0 -40" stroke="#2f5d45" stroke-width="6"/>
    ${leaves}
    <path d="M-70 -120 L70 -120 L54 0 L-54 0 Z" fill="#ece6dd"/><rect x="-76" y="-132" width="152" height="18" rx="6" fill="#f7f3ee"/>
  </g>`;
};

/** A pendant lamp hanging at x, its shade's bottom at y. */
const lamp = (x: number, y: number, colour: string) => `
  <line x1="${x}" y1="0" x2="${x}" y2="${y - 60}" stroke="#3b3b3b" stroke-width="3"/>
  <circle cx="${x}" cy="${y + 10}" r="90" fill="url(#glow)"/>
  <path d="M${x - 58} ${y} Q${x - 50} ${y - 62} ${x} ${y - 64} Q${x + 50} ${y - 62} ${x + 58} ${y} Z" fill="${colour}"/>
  <ellipse cx="${x}" cy="${y}" rx="58" ry="9" fill="#fff7e0"/>`;

/**
 * The clinic's reception, 1920×1080: a bright room with a window on a green
 * view, the brand's accent wall carrying its mark and name, a reception desk
 * under pendant lamps, lounge chairs and plants, all in the clinic's palette.
 */
export function officeSvg(clinic: ClinicLook): string {
  const { brandColor: brand, brandBgColor: deep } = clinic;
  const { word, rest } = splitName(clinic.name);
  const wall = lighten(brand, 0.9);
  const panel = mix(deep, '#0b1320', 0.15);
  const wordSize = Math.min(84, Math.floor(620 / (word.length * 0.6)));
  const restSize = Math.min(28, Math.floor(640 / (Math.max(rest.length, 1) * 0.86)));
  const slats = Array.from({ length: 19 }, (_, i) => `<rect x="${1060 + i * 40}" y="110" width="2" height="700" fill="#fff" opacity=".06"/>`).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${OFFICE_WIDTH}" height="${OFFICE_HEIGHT}" viewBox="0 0 1920 1080">
  <defs>
    <linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${lighten(wall, 0.4)}"/><stop offset="1" stop-color="${wall}"/></linearGradient>
    <linearGradient id="floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#e7d8c4"/><stop offset="1" stop-color="#cdb596"/></linearGradient>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${lighten(brand, 0.55)}"/><stop offset=".75" stop-color="#fdf3e3"/></linearGradient>
    <linearGradient id="panel" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${lighten(panel, 0.08)}"/><stop offset="1" stop-color="${darken(panel, 0.2)}"/></linearGradient>
    <linearGradient id="desk" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="#e9edf0"/></linearGradient>
    <linearGradient id="shaft" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fff" stop-opacity=".55"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></linearGradient>
    <radialGradient id="glow"><stop offset="0" stop-color="#fff3c4" stop-opacity=".85"/><stop offset="1" stop-color="#fff3c4" stop-opacity="0"/></radialGradient>
    <radialGradient id="vignette" cx=".5" cy=".45" r=".75"><stop offset=".6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".22"/></radialGradient>
    <radialGradient id="shade"><stop offset="0" stop-color="#000" stop-opacity=".22"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>
  </defs>
  <rect width="1920" height="1080" fill="url(#wall)"/>
  <rect y="0" width="1920" height="40" fill="#fff" opacity=".7"/>
  <!-- window on a green view -->
  <rect x="110" y="130" width="720" height="590" rx="10" fill="#ffffff"/>
  <g>
    <rect x="130" y="150" width="680" height="550" fill="url(#sky)"/>
    <circle cx="640" cy="330" r="70" fill="#fff6d8" opacity=".9"/>
    <path d="M130 520 Q260 430 390 500 T650 470 T810 500 L810 700 L130 700 Z" fill="${mix(deep, '#9fc7b0', 0.7)}" opacity=".75"/>
    <path d="M130 580 Q300 520 460 575 T810 560 L810 700 L130 700 Z" fill="${mix(deep, '#6fa386', 0.6)}"/>
    ${[180, 250, 330, 560, 640, 730]
      .map((x, i) => `<ellipse cx="${x}" cy="${600 - (i % 3) * 18}" rx="${34 + (i % 2) * 14}" ry="${70 + (i % 3) * 12}" fill="${mix(deep, '#3f7d5c', 0.75)}"/>`)
      .join('')}
  </g>
  <rect x="466" y="150" width="8" height="550" fill="#fff"/><rect x="130" y="420" width="680" height="8" fill="#fff"/>
  <rect x="96" y="716" width="748" height="18" rx="4" fill="#f8f8f8"/>
  <!-- the brand's accent wall with the clinic's mark and name -->
  <rect x="1040" y="110" width="780" height="720" rx="6" fill="url(#panel)"/>
  ${slats}
  <g transform="translate(1340 170) scale(.7)">${markSvg(clinic, 'office')}</g>
  <text x="1430" y="${rest ? 400 : 420}" text-anchor="middle" font-family="${FONT}" font-weight="700" font-size="${wordSize}" fill="#fff" letter-spacing="-1">${xml(word)}</text>
  ${rest ? `<text x="1430" y="448" text-anchor="middle" font-family="${FONT}" font-weight="700" font-size="${restSize}" letter-spacing="${(restSize * 0.2).toFixed(1)}" fill="#fff" opacity=".85">${xml(rest.toUpperCase())}</text>` : ''}
  <!-- floor -->
  <rect y="820" width="1920" height="260" fill="url(#floor)"/>
  ${[0, 1, 2, 3, 4, 5, 6, 7, 8].map((i) => `<line x1="${i * 240}" y1="820" x2="${i * 300 - 240}" y2="1080" stroke="#b89f80" stroke-width="2" opacity=".35"/>`).join('')}
  <rect y="812" width="1920" height="10" fill="#f4efe8"/>
  <polygon points="130,700 810,700 1180,1080 300,1080" fill="url(#shaft)" opacity=".35"/>
  <!-- reception desk under pendant lamps -->
  ${lamp(1250, 560, '#d9b36c')}${lamp(1430, 590, darken(brand, 0.05))}${lamp(1610, 560, '#d9b36c')}
  <ellipse cx="1430" cy="905" rx="380" ry="26" fill="url(#shade)"/>
  <rect x="1080" y="660" width="700" height="240" rx="14" fill="url(#desk)"/>
  <rect x="1080" y="780" width="700" height="20" fill="${brand}" opacity=".9"/>
  <rect x="1064" y="644" width="732" height="28" rx="8" fill="#c89f74"/>
  <rect x="1064" y="644" width="732" height="8" rx="4" fill="#e2bf96"/>
  <rect x="1600" y="596" width="110" height="48" rx="4" fill="#2b2f36"/><rect x="1646" y="640" width="18" height="8" fill="#2b2f36"/>
  <ellipse cx="1180" cy="628" rx="26" ry="10" fill="#fff"/><rect x="1164" y="604" width="32" height="24" rx="6" fill="#fff"/>
  <path d="M1180 604 q-10 -40 -34 -52 M1180 604 q4 -44 22 -60 M1180 604 q14 -30 40 -36" stroke="#3c8a5f" stroke-width="6" fill="none" stroke-linecap="round"/>
  <!-- waiting area -->
  ${chair(170, 770, lighten(brand, 0.15))}${chair(470, 770, mix(brand, deep, 0.5))}
  <g transform="translate(760 900)"><ellipse cx="0" cy="8" rx="70" ry="10" fill="url(#shade)"/>
    <rect x="-60" y="-92" width="120" height="14" rx="7" fill="#c89f74"/><rect x="-6" y="-80" width="12" height="84" fill="#8a6e52"/>
    <rect x="-18" y="-140" width="36" height="50" rx="12" fill="${lighten(deep, 0.75)}"/></g>
  ${plant(930, 900, 1)}${plant(1870, 960, 0.8)}
  <rect width="1920" height="1080" fill="url(#vignette)"/>
</svg>`;
}
