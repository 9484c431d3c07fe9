import { createServer, type AddressInfo } from 'node:net';
import { QueryFailedError } from 'typeorm';
import { createServiceDataSource, databaseFailure, isDatabaseUnavailable, markConnectFailure } from '../src';

/** What node-postgres makes of a server's ErrorResponse (pg-protocol's DatabaseError). */
const serverAnswer = (code: string, message = 'the server said so') => Object.assign(new Error(message), { code, severity: 'ERROR' });
const statementFailed = (driverError: Error) => new QueryFailedError('INSERT …', [], driverError);

describe('databaseFailure: what failed, by where it failed', () => {
  it.each([
    // Opening a connection failed: down, whatever the error says (a code no list names included).
    ['55000 at connect (database does not allow connections)', markConnectFailure(serverAnswer('55000', 'database "hap" is not currently accepting connections')), 'connect'],
    ['57P03 at connect (starting up)', markConnectFailure(serverAnswer('57P03', 'the database system is starting up')), 'connect'],
    ['53300 at connect (too many connections)', markConnectFailure(serverAnswer('53300')), 'connect'],
    ['an unknown FATAL at connect', markConnectFailure(serverAnswer('XX999', 'something new')), 'connect'],
    ['an error with no code at connect', markConnectFailure(new Error('self-signed certificate')), 'connect'],
    ['the pool waiting too long for a connection', markConnectFailure(new Error('timeout exceeded when trying to connect')), 'connect'],
    ['a marked error wrapped by someone else', new Error('could not save', { cause: markConnectFailure(serverAnswer('55000')) }), 'connect'],
    ['a thrown string at connect', markConnectFailure('refused'), 'connect'],
    // The connection went away under a statement.
    ['ECONNREFUSED', { code: 'ECONNREFUSED' }, 'lost'],
    ['ENETUNREACH', { code: 'ENETUNREACH' }, 'lost'],
    ['EPIPE (not a SQLSTATE)', { code: 'EPIPE' }, 'lost'],
    ['every address refused', new AggregateError([Object.assign(new Error('connect ECONNREFUSED ::1:5432'), { code: 'ECONNREFUSED' })], 'all addresses refused'), 'lost'],
    ['Connection terminated unexpectedly, under a statement', statementFailed(new Error('Connection terminated unexpectedly')), 'lost'],
    ['a client that is not queryable', new Error('Client has encountered a connection error and is not queryable'), 'lost'],
    ['57P01 (terminated by an administrator) under a statement', statementFailed(serverAnswer('57P01')), 'lost'],
    ['57P02 (crash shutdown)', statementFailed(serverAnswer('57P02')), 'lost'],
    ['08006 (connection failure)', statementFailed(serverAnswer('08006')), 'lost'],
    ['53100 (disk full)', statementFailed(serverAnswer('53100')), 'lost'],
    ['58030 (I/O error)', statementFailed(serverAnswer('58030')), 'lost'],
    ['25006 (a standby takes no writes)', statementFailed(serverAnswer('25006')), 'lost'],
    // The server answered the statement itself: not down.
    ['23505 (unique violation)', statementFailed(serverAnswer('23505')), 'answer'],
    ['23514 (check violation)', statementFailed(serverAnswer('23514')), 'answer'],
    ['22P02 (invalid text representation)', statementFailed(serverAnswer('22P02')), 'answer'],
    ['55000 answering a statement (currval before nextval)', statementFailed(serverAnswer('55000', 'currval of sequence "s" is not yet defined in this session')), 'answer'],
    ['40001 (serialization failure)', statementFailed(serverAnswer('40001')), 'answer'],
    ['42601 (syntax error)', statementFailed(serverAnswer('42601')), 'answer'],
    // Not the database at all.
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'id')"), null],
    ['a plain error', new Error('syntax error at or near'), null],
    ['nothing', undefined, null],
  ])('%s → %s', (_what, err, expected) => {
    expect(databaseFailure(err)).toBe(expected);
    expect(isDatabaseUnavailable(err)).toBe(expected === 'connect' || expected === 'lost');
  });
});

/** The data source's pool marks what fails while a connection is opened, and only that (real PostgreSQL). */
describe('a service data source tells a connection refused from an answer', () => {
  const url = process.env.DATABASE_URL as string;
  const source = (databaseUrl: string) => createServiceDataSource({ url: databaseUrl, schema: 'public', entities: [], migrations: [] });
  const elsewhere = (change: (u: URL) => void) => {
    const u = new URL(url);
    change(u);
    return u.toString();
  };

  it('marks a server that turns the connection away, whatever its code (here 3D000, no such database)', async () => {
    const failure = await source(elsewhere((u) => (u.pathname = '/hap_no_such_database_at_all'))).initialize().catch((err: unknown) => err);
    expect((failure as { code?: string }).code).toBe('3D000');
    expect(databaseFailure(failure)).toBe('connect');
  });

  it('marks a port where nothing listens', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const failure = await source(elsewhere((u) => (u.host = `127.0.0.1:${port}`))).initialize().catch((err: unknown) => err);
    expect(databaseFailure(failure)).toBe('connect');
  });

  it('does not mark the answer to a statement, even with a code that is down at connect (55000)', async () => {
    const dataSource = source(url);
    await dataSource.initialize();
    try {
      const currval = await dataSource
        .query(`CREATE TEMP SEQUENCE "s"; SELECT currval('"s"')`)
        .catch((err: unknown) => err);
      expect((currval as { driverError?: { code?: string } }).driverError?.code).toBe('55000');
      expect(databaseFailure(currval)).toBe('answer');
      expect(isDatabaseUnavailable(currval)).toBe(false);
    } finally {
      await dataSource.destroy();
    }
  });
});
