import {
  COUNTDOWN_START_SECONDS,
  countdownStep,
  firstItems,
  formatCountdown,
  hasEmbedCode,
  leadErrors,
  mapsHref,
  pastHero,
  starCount,
  teamHeading,
  testimonialAuthor,
  UNIFIED_STATS,
} from '../../src/unified/unified-rules';

describe('countdown', () => {
  it('starts at 23:59:59', () => {
    expect(formatCountdown(COUNTDOWN_START_SECONDS)).toBe('23:59:59');
  });

  it('loses one second a tick', () => {
    expect(formatCountdown(countdownStep(COUNTDOWN_START_SECONDS))).toBe('23:59:58');
    expect(formatCountdown(countdownStep(3600))).toBe('00:59:59');
    expect(formatCountdown(countdownStep(1))).toBe('00:00:00');
  });

  it('goes back to the start after zero, and from anything it cannot count down', () => {
    expect(countdownStep(0)).toBe(COUNTDOWN_START_SECONDS);
    expect(countdownStep(-5)).toBe(COUNTDOWN_START_SECONDS);
    expect(countdownStep(Number.NaN)).toBe(COUNTDOWN_START_SECONDS);
    expect(countdownStep(COUNTDOWN_START_SECONDS + 1)).toBe(COUNTDOWN_START_SECONDS);
  });

  it('runs a full day back round to the start', () => {
    let s = COUNTDOWN_START_SECONDS;
    for (let i = 0; i <= COUNTDOWN_START_SECONDS; i++) s = countdownStep(s);
    expect(s).toBe(COUNTDOWN_START_SECONDS);
  });

  it('formats two digits a unit', () => {
    expect(formatCountdown(3 * 3600 + 4 * 60 + 5)).toBe('03:04:05');
    expect(formatCountdown(0)).toBe('00:00:00');
  });
});

describe('pastHero (the mobile bar threshold)', () => {
  it('is false until 80 % of the hero has scrolled away', () => {
    expect(pastHero(0, 1000)).toBe(false);
    expect(pastHero(-799, 1000)).toBe(false);
    expect(pastHero(-800, 1000)).toBe(true);
    expect(pastHero(-1500, 1000)).toBe(true);
  });

  it('never counts a hero that is not laid out', () => {
    expect(pastHero(-10, 0)).toBe(false);
    expect(pastHero(-10, Number.NaN)).toBe(false);
  });
});

describe('list cuts and fixed texts', () => {
  it('keeps at most 3 items for the hero', () => {
    expect(firstItems([1, 2, 3, 4, 5])).toEqual([1, 2, 3]);
    expect(firstItems([1])).toEqual([1]);
    expect(firstItems(undefined)).toEqual([]);
    expect(firstItems([1, 2, 3], 0)).toEqual([]);
  });

  it('shows the spec’s stats as written', () => {
    expect(UNIFIED_STATS.map((s) => `${s.value} ${s.label}`)).toEqual([
      '500+ Satisfied Patients',
      '15+ Years of Experience',
      '100% Customized Care',
      '4.9 Average Rating',
    ]);
  });

  it('gives every testimonial 1 to 5 whole stars, 5 when unknown', () => {
    expect([starCount(4), starCount(4.6), starCount(9), starCount(0), starCount(null), starCount('3')]).toEqual([4, 5, 5, 5, 5, 5]);
    expect(testimonialAuthor('  ')).toBe('Verified Patient');
    expect(testimonialAuthor('Mark T.')).toBe('Mark T.');
  });

  it('names the team by its size', () => {
    expect(teamHeading(1)).toBe('Meet Our Wellness Professional');
    expect(teamHeading(3)).toBe('Meet Our Team');
  });

  it('counts an embed code only when it is real text', () => {
    expect([hasEmbedCode(null), hasEmbedCode(''), hasEmbedCode(' null '), hasEmbedCode('undefined')]).toEqual([false, false, false, false]);
    expect(hasEmbedCode('<form></form>')).toBe(true);
  });

  it('links an address to a maps search, encoded', () => {
    expect(mapsHref(' 1450 Larimer Street, Suite 200 ')).toBe(
      'https://www.google.com/maps/search/?api=1&query=1450%20Larimer%20Street%2C%20Suite%20200',
    );
  });
});

describe('leadErrors', () => {
  it('accepts a complete lead', () => {
    expect(leadErrors({ name: 'Jo Smith', email: 'jo@example.com', phone: '(303) 555-0142' })).toEqual({});
  });

  it('answers with the spec’s messages', () => {
    expect(leadErrors({ name: ' J ', email: 'jo@', phone: '555-0142' })).toEqual({
      name: 'Name must be at least 2 characters',
      email: 'Please enter a valid email address',
      phone: 'Phone number must be at least 10 digits',
    });
  });
});
