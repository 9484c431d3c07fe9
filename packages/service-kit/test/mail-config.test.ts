import { loadConfig } from '../src/config';
import { mailConfigShape, requireMailOrigin } from '../src/mailer';

describe('mail settings', () => {
  it('keep the origin of PUBLIC_BASE_URL and treat empty values as unset', () => {
    const config = loadConfig(mailConfigShape, { SMTP_URL: '', PUBLIC_BASE_URL: 'https://app.agency.example/portal?x=1' });
    expect(config).toMatchObject({ SMTP_URL: undefined, PUBLIC_BASE_URL: 'https://app.agency.example', SMTP_TIMEOUT_MS: 10_000 });
  });

  it('require a configured origin in production with SMTP on, and only then', () => {
    const smtp = { SMTP_URL: 'smtp://127.0.0.1:2525' };
    expect(() => requireMailOrigin({ NODE_ENV: 'production', ...smtp }, 'the links in e-mails')).toThrow(
      'PUBLIC_BASE_URL: set it when SMTP_URL is set in production (the origin of the links in e-mails)',
    );
    expect(() => requireMailOrigin({ NODE_ENV: 'production', ...smtp, PUBLIC_BASE_URL: 'https://app.agency.example' }, 'x')).not.toThrow();
    expect(() => requireMailOrigin({ NODE_ENV: 'production' }, 'x')).not.toThrow();
    expect(() => requireMailOrigin({ NODE_ENV: 'development', ...smtp }, 'x')).not.toThrow();
  });
});
