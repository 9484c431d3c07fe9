import sharp from 'sharp';
import { inkOnWhite, luminance, mix } from '../../src/db/demo-images/colour';
import { initialsOf, logoSvg, LOGO_HEIGHT, LOGO_WIDTH, splitName } from '../../src/db/demo-images/logo';
import { OFFICE_HEIGHT, OFFICE_WIDTH, officeSvg } from '../../src/db/demo-images/office';
import { lookOf, PORTRAIT_HEIGHT, PORTRAIT_WIDTH, portraitSvg } from '../../src/db/demo-images/portrait';
import { SEED_CLIENTS, SEED_STAFF } from '../../src/db/seed-data';

const contrastOnWhite = (hex: string) => 1.05 / (luminance(hex) + 0.05);

describe('demo art: names', () => {
  it.each([
    ['Summit Wellness Center', 'SW', { word: 'Summit', rest: 'Wellness Center' }],
    ["Apex Men's Health", 'AM', { word: 'Apex', rest: "Men's Health" }],
    ['Vitality Lifestyle Medicine – Scottsdale', 'VL', { word: 'Vitality', rest: 'Lifestyle Medicine · Scottsdale' }],
    ['Revive', 'R', { word: 'Revive', rest: '' }],
  ])('%s → mark %s, split %j', (name, initials, split) => {
    expect(initialsOf(name)).toBe(initials);
    expect(splitName(name)).toEqual(split);
  });
});

describe('demo art: colours', () => {
  it('mixes in RGB', () => {
    expect(mix('#000000', '#ffffff', 0.5)).toBe('#808080');
  });

  it.each(SEED_CLIENTS.map((c) => [c.id, c.brandColor] as const))('client %i: the logo ink on white reads at 4.5:1', (_id, colour) => {
    expect(contrastOnWhite(inkOnWhite(colour))).toBeGreaterThanOrEqual(4.5);
  });
});

describe('demo art: portraits', () => {
  it('puts clinicians in a coat and others in their own top', () => {
    expect(lookOf('Dr. Elena Marquez', 'Medical Director').clinical).toBe(true);
    expect(lookOf('Maya Chen, RN', 'Patient Care Coordinator').clinical).toBe(true);
    expect(lookOf('Jordan Blake, PA-C', 'Physician Assistant').clinical).toBe(true);
    expect(lookOf('Nina Patel', 'Client Concierge').clinical).toBe(false);
  });

  it('gives every seeded member a look, stable for a name', () => {
    for (const s of SEED_STAFF) expect(lookOf(s.name, s.title)).toEqual(lookOf(s.name, s.title));
    expect(lookOf('Someone New', 'Receptionist')).toEqual(lookOf('Someone New', 'Receptionist'));
  });
});

describe('demo art: renders', () => {
  const clinic = SEED_CLIENTS[2];
  it.each([
    ['logo', () => logoSvg(clinic), LOGO_WIDTH, LOGO_HEIGHT],
    ['office', () => officeSvg(clinic), OFFICE_WIDTH, OFFICE_HEIGHT],
    ['portrait', () => portraitSvg(lookOf('Nina Patel', 'Client Concierge'), clinic.brandColor), PORTRAIT_WIDTH, PORTRAIT_HEIGHT],
  ])('the %s is valid SVG of its size, with more than a flat colour', async (_what, svg, width, height) => {
    const image = sharp(Buffer.from(svg()));
    expect(await image.metadata()).toMatchObject({ format: 'svg', width, height });
    const stats = await image.stats();
    expect(stats.isOpaque || stats.channels.length === 4).toBe(true);
    expect(Math.max(...stats.channels.slice(0, 3).map((c) => c.stdev))).toBeGreaterThan(20);
  });

  it('escapes a clinic name that looks like markup', async () => {
    const svg = logoSvg({ name: 'A & B <Clinic>', brandColor: '#37a2d4', brandBgColor: '#00446f' });
    expect(svg).toContain('A');
    expect(svg).toContain('&amp; B &lt;CLINIC&gt;');
    await expect(sharp(Buffer.from(svg)).png().toBuffer()).resolves.toBeInstanceOf(Buffer);
  });
});
