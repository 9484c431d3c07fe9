import { LeadExportQuerySchema, LeadListQuerySchema } from '@hap/contracts';
import { csvCell, csvRow, escapeLike, exportFileName, leadFilter, pageCount, statusMove } from '../../src/modules/admin/lead-admin.rules';

describe('leadFilter', () => {
  it('puts every value in a parameter, never in the SQL', () => {
    const filter = leadFilter({ clientId: 3, serviceId: 9, status: 'booked', from: '2026-11-01', to: '2026-11-02', q: "O'Brien 303-555" });
    expect(filter.where).not.toMatch(/O'Brien|303|2026|booked/);
    expect(filter.params).toEqual([3, 9, 'booked', '2026-11-01T00:00:00.000Z', '2026-11-03T00:00:00.000Z', "%O'Brien 303-555%", "o'brien 303-555%"]);
    expect(leadFilter({ clientId: 3, q: '303-555' }).params).toEqual([3, '%303-555%', '303-555%', '%303555%']);
    expect(filter.where).toContain('l."client_id" = $1');
    expect(filter.where).toContain('l."created_at" < $5::timestamptz');
  });

  it('asks only for the clinic when nothing else is set, and leaves phones out of short numbers', () => {
    expect(leadFilter({ clientId: 1 })).toEqual({ where: 'l."client_id" = $1', params: [1] });
    // No clinic: every clinic's leads (the 'All clinics' view).
    expect(leadFilter({})).toEqual({ where: 'TRUE', params: [] });
    expect(leadFilter({ status: 'won' })).toEqual({ where: 'l."status" = $1', params: ['won'] });
    expect(leadFilter({ clientId: 1, q: 'a2' }).where).not.toContain('phone');
    // A phone is looked for by what looks like one; a reference's start holds digits but letters too.
    expect(leadFilter({ clientId: 1, q: '(720) 555' }).where).toContain('phone');
    expect(leadFilter({ clientId: 1, q: '3f2a9c01' }).where).not.toContain('phone');
    expect(leadFilter({ clientId: 1, q: '   ' })).toEqual({ where: 'l."client_id" = $1', params: [1] });
  });

  it('narrows to leads with a failed delivery without a parameter', () => {
    const filter = leadFilter({ clientId: 1, delivery: 'failed' });
    expect(filter.params).toEqual([1]);
    expect(filter.where).toContain(`d."status" = 'failed'`);
  });

    it('takes instants as they are (the screen sends local midnights)', () => {
    expect(leadFilter({ clientId: 1, from: '2026-11-01T00:00:00-07:00', to: '2026-11-02T00:00:00-07:00' }).params).toEqual([
      1,
      '2026-11-01T07:00:00.000Z',
      '2026-11-02T07:00:00.000Z',
    ]);
  });

  it('escapes LIKE wildcards', () => {
    expect(escapeLike('50%_off\\')).toBe('50\\%\\_off\\\\');
  });
});

describe('the list query (the API and the filter form)', () => {
  it('defaults the page, treats empty fields as absent and caps the page size', () => {
    expect(LeadListQuerySchema.parse({ clientId: '1', serviceId: '', status: '', q: '  ' })).toEqual({ clientId: 1, page: 1, pageSize: 25 });
    expect(LeadListQuerySchema.safeParse({ clientId: '1', pageSize: '101' }).success).toBe(false);
    expect(LeadListQuerySchema.parse({ clientId: '1', pageSize: '100', page: '3', q: ' jane ' })).toMatchObject({ pageSize: 100, page: 3, q: 'jane' });
  });

  it('refuses a period that ends before it starts, and accepts a one-day one', () => {
    const bad = LeadExportQuerySchema.safeParse({ clientId: '1', from: '2026-11-02', to: '2026-11-01' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]).toMatchObject({ path: ['to'], message: 'The start date must be on or before the end date' });
    expect(LeadExportQuerySchema.safeParse({ clientId: '1', from: '2026-11-02', to: '2026-11-02' }).success).toBe(true);
  });
});

describe('CSV cells', () => {
  it.each([
    ['=SUM(A1:A2)', "'=SUM(A1:A2)"],
    ['+1 303 555 0142', "'+1 303 555 0142"],
    ['-2+3', "'-2+3"],
    ['@SUM(1)', "'@SUM(1)"],
    ['\tcmd', "'\tcmd"],
    ['Jane Smith', 'Jane Smith'],
    ['a, b', '"a, b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['=HYPERLINK("x","y")', `"'=HYPERLINK(""x"",""y"")"`],
    [null, ''],
    [undefined, ''],
    [42, '42'],
    [new Date('2026-11-01T10:00:00Z'), '2026-11-01T10:00:00.000Z'],
  ])('%j → %j', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it('ends each row with CRLF', () => {
    expect(csvRow(['a', '=b', null])).toBe("a,'=b,\r\n");
  });

  it('names the file by clinic and day only', () => {
    expect(exportFileName(7, new Date('2026-11-23T20:00:00Z'))).toBe('leads-client-7-2026-11-23.csv');
  });
});

describe('statusMove', () => {
  it.each([
    ['new', 'new', 'none'],
    ['new', 'contacted', 'forward'],
    ['new', 'booked', 'forward'],
    ['booked', 'contacted', 'back'],
    ['contacted', 'won', 'close'],
    ['new', 'lost', 'close'],
    ['won', 'booked', 'reopen'],
    ['lost', 'won', 'reopen'],
  ] as const)('%s → %s is %s', (from, to, move) => {
    expect(statusMove(from, to)).toBe(move);
  });
});

describe('pageCount', () => {
  it('is at least one page', () => {
    expect(pageCount(0, 25)).toBe(1);
    expect(pageCount(25, 25)).toBe(1);
    expect(pageCount(26, 25)).toBe(2);
  });
});
