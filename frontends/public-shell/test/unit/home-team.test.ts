import { initialsOf, orderedTeam, TEAM_PLACEHOLDER_PHONE, teamHeading, teamPhone } from '../../src/home/team';

describe('teamHeading (docs/public-site.md team section)', () => {
  it('hides the section without members', () => {
    expect(teamHeading(0)).toBeNull();
  });

  it("names one member 'Meet Our Wellness Professional' and more 'Meet Our Team'", () => {
    expect(teamHeading(1)).toBe('Meet Our Wellness Professional');
    expect(teamHeading(2)).toBe('Meet Our Team');
    expect(teamHeading(12)).toBe('Meet Our Team');
  });
});

describe('initialsOf', () => {
  it('takes the first and last name, without an honorific or credentials', () => {
    expect(initialsOf('Dr. Elena Marquez')).toBe('EM');
    expect(initialsOf('Jordan Blake, PA-C')).toBe('JB');
    expect(initialsOf('Maya Li Chen, RN')).toBe('MC');
    expect(initialsOf('prince')).toBe('P');
    expect(initialsOf('  ')).toBe('?');
  });
});

describe('teamPhone', () => {
  it("dials the clinic's phone, else the fixed placeholder", () => {
    expect(teamPhone('(303) 555-0142')).toBe('(303) 555-0142');
    expect(teamPhone(null)).toBe(TEAM_PLACEHOLDER_PHONE);
    expect(teamPhone('  ')).toBe(TEAM_PLACEHOLDER_PHONE);
  });

  it('uses a number reserved for fiction, so no stranger is called', () => {
    expect(TEAM_PLACEHOLDER_PHONE.replace(/\D/g, '')).toMatch(/^\d{3}55501\d\d$/);
  });
});

describe('orderedTeam', () => {
  it('shows members in display order', () => {
    const member = (id: number, displayOrder: number) => ({ id, clientId: 1, name: `M${id}`, title: null, bio: null, imagePath: null, displayOrder });
    expect(orderedTeam([member(1, 2), member(2, 0), member(3, 1)]).map((m) => m.id)).toEqual([2, 3, 1]);
  });
});
