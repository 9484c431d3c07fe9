import { DEFAULT_BRAND_COLOR, ErrorCode, errorEnvelope, isHexColour, parseHex, PORTAL_ICONS_PREFIX, PORTAL_MANIFEST_PATH, PORTAL_SCOPE, portalIconPath, readableInk, toHex } from '@hap/contracts';
import { verifyIdentity, type Identity } from '@hap/service-kit/identity';
import type { FastifyInstance } from 'fastify';
import { LRUCache } from 'lru-cache';
import sharp from 'sharp';
import { z } from 'zod';

/**
 * The installable portal (docs/portal.md#installable-portal): its web app
 * manifest at `/portal/manifest.webmanifest`, in the signed-in user's clinic's
 * name and colours, and its icons at `/portal/icons/…`, drawn here from the
 * colour alone, so an icon's address says everything it shows and is cached
 * for a year.
 */

/** The clinic a manifest is made for: its name and brand colour (tenant's portal profile). */
export interface PortalClinic {
  name: string;
  brandColor: string | null;
}

/** The clinic of a signed-in clinic user, or null with the reason (tenant did not answer). Never throws. */
export type PortalClinicLoader = (identity: Identity, requestId: string) => Promise<{ clinic: PortalClinic; problem?: undefined } | { clinic: null; problem: string }>;

/** The name on a phone's home screen when the clinic is not known (the login page, a signed-out browser). */
export const NEUTRAL_PORTAL_NAME = 'Clinic Portal';
/** A home screen shows about 12 characters under an icon before it cuts the name. */
export const SHORT_NAME_MAX = 12;

/** The icon sizes drawn: iOS's home screen (180), Android's launcher (192) and its splash screen (512). */
export const PORTAL_ICON_SIZES = [180, 192, 512] as const;

/** `#aabbcc` from any hex colour, or the default brand colour. */
export const iconColourOf = (colour: string | null | undefined): string => toHex(parseHex(colour && isHexColour(colour) ? colour : DEFAULT_BRAND_COLOR));

/**
 * The home screen's name: the clinic's name when it fits, else its first words
 * that do, else the first word cut with an ellipsis.
 */
export function shortNameOf(name: string): string {
  const clean = name.replace(/\s+/g, ' ').trim();
  if (clean.length <= SHORT_NAME_MAX) return clean;
  let fitted = '';
  for (const word of clean.split(' ')) {
    const next = fitted ? `${fitted} ${word}` : word;
    if (next.length > SHORT_NAME_MAX) break;
    fitted = next;
  }
  return fitted || `${clean.slice(0, SHORT_NAME_MAX - 1)}…`;
}

/** The manifest of the portal as `clinic` installs it; a neutral one without a clinic. */
export function portalManifest(clinic: PortalClinic | null) {
  const colour = iconColourOf(clinic?.brandColor);
  const name = clinic ? clinic.name.replace(/\s+/g, ' ').trim() : '';
  return {
    id: PORTAL_SCOPE,
    name: name ? `${name} · ${NEUTRAL_PORTAL_NAME}` : NEUTRAL_PORTAL_NAME,
    short_name: name ? shortNameOf(name) : 'Portal',
    description: 'Your clinic’s leads, calendar and tasks.',
    lang: 'en',
    start_url: PORTAL_SCOPE,
    scope: PORTAL_SCOPE,
    display: 'standalone',
    orientation: 'any',
    background_color: '#ffffff',
    theme_color: colour,
    icons: [
      { src: portalIconPath(192, colour), sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: portalIconPath(512, colour), sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: portalIconPath(512, colour, true), sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}

/**
 * The icon as SVG, on a 512 grid: a white (or, on a light colour, dark) cross
 * on the clinic's colour. A maskable icon fills its square and keeps the cross
 * inside the central safe circle (radius 40 %); the plain one is a rounded
 * square. Shapes only: no font is needed to draw it.
 */
export function portalIconSvg(size: number, colour: string, maskable: boolean): string {
  const fill = iconColourOf(colour);
  const ink = readableInk(fill);
  const corner = maskable ? 0 : 112;
  // A cross 240 wide with arms 84 thick, centred: well inside the 204-radius safe circle.
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 512 512">`,
    `<rect width="512" height="512" rx="${corner}" fill="${fill}"/>`,
    `<rect x="214" y="136" width="84" height="240" rx="20" fill="${ink}"/>`,
    `<rect x="136" y="214" width="240" height="84" rx="20" fill="${ink}"/>`,
    '</svg>',
  ].join('');
}

/** `icon-192.png`, `icon-512-maskable.png`, …: an icon the portal draws. */
const ICON_FILE = /^icon-(\d+)(-maskable)?\.png$/;

const IconQuerySchema = z.object({
  colour: z
    .string({ error: 'colour is required: six hex digits, without #' })
    .regex(/^[0-9a-fA-F]{6}$/, { error: 'colour must be six hex digits, without #' }),
});

/** A year: an icon's address names its colour, so its picture never changes. */
const ICON_CACHE = 'public, max-age=31536000, immutable';

export interface PortalManifestOptions {
  secret: string;
  portalClinic?: PortalClinicLoader;
}

/**
 * `GET /portal/manifest.webmanifest` and `GET /portal/icons/{file}`. The
 * gateway signs the clinic user's identity onto a manifest request that came
 * with their session (its page-proxy.ts); verified here, it names the clinic
 * whose name and colour the manifest carries. Without one, or when tenant
 * does not answer in time, the manifest is the neutral one: installing still
 * works, and the next visit's manifest is the clinic's.
 */
export function registerPortalManifest(app: FastifyInstance, { secret, portalClinic }: PortalManifestOptions): void {
  // A few colours per clinic, each drawn once: at most 256 icons (≈ 5 MB) kept.
  const icons = new LRUCache<string, Buffer>({ max: 256 });

  app.get(PORTAL_MANIFEST_PATH, async (request, reply) => {
    const identity = verifyIdentity(secret, request.method, request.url, request.headers);
    const asked = identity?.kind === 'clinic' && !identity.viewAs && portalClinic ? await portalClinic(identity, request.id) : null;
    if (asked?.problem) request.log.warn({ problem: asked.problem }, 'the portal manifest is the neutral one: the clinic could not be read');
    const clinic = asked?.clinic ?? null;
    return (
      reply
        .header('content-type', 'application/manifest+json; charset=utf-8')
        // One user's clinic: never kept by a shared cache, and asked again at each visit.
        .header('cache-control', 'private, no-cache')
        .header('vary', 'Cookie')
        .send(JSON.stringify(portalManifest(clinic)))
    );
  });

  app.get<{ Params: { file: string }; Querystring: Record<string, unknown> }>(`${PORTAL_ICONS_PREFIX}:file`, async (request, reply) => {
    const file = ICON_FILE.exec(request.params.file);
    const size = Number(file?.[1]);
    if (!file || !(PORTAL_ICON_SIZES as readonly number[]).includes(size)) {
      return reply
        .code(404)
        .header('cache-control', 'no-store')
        .send(errorEnvelope(ErrorCode.ROUTE_NOT_FOUND, `No such portal icon: the icons are icon-{${PORTAL_ICON_SIZES.join(',')}}[-maskable].png`));
    }
    const query = IconQuerySchema.safeParse(request.query);
    if (!query.success) return reply.code(400).header('cache-control', 'no-store').send(errorEnvelope(ErrorCode.BAD_REQUEST, query.error.issues[0]!.message));
    const maskable = Boolean(file[2]);
    const colour = `#${query.data.colour.toLowerCase()}`;
    const key = `${size}:${maskable}:${colour}`;
    let png = icons.get(key);
    if (!png) {
      png = await sharp(Buffer.from(portalIconSvg(size, colour, maskable))).png({ compressionLevel: 9 }).toBuffer();
      icons.set(key, png);
    }
    return reply.header('content-type', 'image/png').header('cache-control', ICON_CACHE).send(png);
  });
}
