import { FONT, hashOf, inkOnWhite, lighten, mix, xml } from './colour';

/** What the demo art knows of a clinic. */
export interface ClinicLook {
  name: string;
  brandColor: string;
  brandBgColor: string;
}

/** "Vitality Lifestyle Medicine – Scottsdale" → { word: 'Vitality', rest: 'Lifestyle Medicine · Scottsdale' }. */
export function splitName(name: string): { word: string; rest: string } {
  const [main, ...places] = name.split(/\s+[–-]\s+/);
  const [word, ...others] = main.trim().split(/\s+/);
  return { word, rest: [others.join(' '), ...places].filter(Boolean).join(' · ') };
}

/** Two letters for the mark: the first two words' initials. */
export function initialsOf(name: string): string {
  const words = name.split(/[\s–-]+/).filter((w) => /^[A-Za-zÀ-ÿ]/.test(w));
  return words
    .slice(0, 2)
    .map((w) => w[0].toUpperCase())
    .join('');
}

/** The white motif inside the mark, one of three, chosen by the name. */
function motif(kind: number): string {
  switch (kind % 3) {
    case 0: // a rising sun over a horizon
      return `<path d="M30 150 A70 70 0 0 1 170 150" fill="none" stroke="#fff" stroke-opacity=".28" stroke-width="10"/>
        <path d="M55 150 A45 45 0 0 1 145 150" fill="none" stroke="#fff" stroke-opacity=".2" stroke-width="8"/>`;
    case 1: // a leaf
      return `<path d="M150 30 C70 30 35 90 50 165 C120 160 165 115 150 30 Z" fill="#fff" fill-opacity=".16"/>
        <path d="M52 163 C85 120 110 85 148 34" stroke="#fff" stroke-opacity=".25" stroke-width="5" fill="none"/>`;
    default: // a soft medical cross
      return `<path d="M82 28 h36 a6 6 0 0 1 6 6 v48 h48 a6 6 0 0 1 6 6 v36 a6 6 0 0 1 -6 6 h-48 v48 a6 6 0 0 1 -6 6 h-36 a6 6 0 0 1 -6 -6 v-48 h-48 a6 6 0 0 1 -6 -6 v-36 a6 6 0 0 1 6 -6 h48 v-48 a6 6 0 0 1 6 -6 z" fill="#fff" fill-opacity=".13"/>`;
  }
}

/** The mark alone (200×200): a rounded square in the brand gradient with the initials. */
export function markSvg(clinic: ClinicLook, id = 'm'): string {
  const initials = xml(initialsOf(clinic.name));
  const size = initials.length > 1 ? 84 : 104;
  return `<defs>
      <linearGradient id="${id}g" x1="0" y1="0" x2="1" y2="1">
        <stop offset="0" stop-color="${lighten(clinic.brandColor, 0.08)}"/>
        <stop offset="1" stop-color="${mix(clinic.brandBgColor, '#000000', 0.1)}"/>
      </linearGradient>
      <clipPath id="${id}c"><rect width="200" height="200" rx="46"/></clipPath>
    </defs>
    <rect width="200" height="200" rx="46" fill="url(#${id}g)"/>
    <g clip-path="url(#${id}c)">${motif(hashOf(clinic.name))}</g>
    <text x="100" y="${100 + size * 0.36}" text-anchor="middle" font-family="${FONT}" font-weight="700" font-size="${size}"
      fill="#fff" letter-spacing="-2">${initials}</text>`;
}

export const LOGO_WIDTH = 960;
export const LOGO_HEIGHT = 240;

/**
 * A horizontal logo, 960×240 on a transparent background: the mark, the
 * clinic's first word large and the rest of its name in spaced capitals.
 */
export function logoSvg(clinic: ClinicLook): string {
  const { word, rest } = splitName(clinic.name);
  const ink = inkOnWhite(clinic.brandBgColor);
  const accent = inkOnWhite(clinic.brandColor);
  const textX = 252;
  const room = LOGO_WIDTH - textX - 16;
  // Liberation Sans Bold averages about 0.6 em per letter; capitals with tracking about 0.86 em.
  const wordSize = Math.min(112, Math.floor(room / (word.length * 0.6)));
  const restSize = Math.min(32, Math.floor(room / (Math.max(rest.length, 1) * 0.86)));
  const restLine = rest
    ? `<text x="${textX + 4}" y="${rest ? 186 : 150}" font-family="${FONT}" font-weight="700" font-size="${restSize}"
        letter-spacing="${(restSize * 0.2).toFixed(1)}" fill="${accent}">${xml(rest.toUpperCase())}</text>`
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${LOGO_WIDTH}" height="${LOGO_HEIGHT}" viewBox="0 0 ${LOGO_WIDTH} ${LOGO_HEIGHT}">
    <g transform="translate(20 20)">${markSvg(clinic)}</g>
    <text x="${textX}" y="${rest ? 128 : 150}" font-family="${FONT}" font-weight="700" font-size="${wordSize}"
      letter-spacing="-1" fill="${ink}">${xml(word)}</text>
    ${restLine}
  </svg>`;
}
