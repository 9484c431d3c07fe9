import { expect, test, type Page } from '@playwright/test';
import { logInAsAdmin, seriousAxeViolations } from '../support/admin';
import { linkIn, mailTo, type StoredMail } from '../support/mailbox';

/**
 * Passkeys in Chromium with its virtual authenticator (CTAP2,
 * resident keys, user verification), driven through the DevTools protocol:
 * a clinic user adds a passkey on the portal's Security page, logs out, and
 * signs in with the passkey alone. At localhost: a passkey's RP ID must be a
 * domain, and the stack is configured with WEBAUTHN_ORIGIN http://localhost:<port>.
 * A user of its own: a passkey on the seeded admin would ask every other
 * journey's password login for it.
 */

const port = Number(process.env.E2E_GATEWAY_PORT ?? 18080);
test.use({ baseURL: `http://localhost:${port}` });

/** A platform authenticator that verifies its user (as a fingerprint would) without a prompt. */
async function virtualAuthenticator(page: Page): Promise<{ credentials: () => Promise<Array<Record<string, unknown>>> }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials as unknown as Array<Record<string, unknown>> };
}

/** A staff member of a new clinic, invited by the admin (the link arrives by e-mail) and accepted: the page's session is theirs. */
async function clinicUser(page: Page, run: string): Promise<{ email: string; password: string }> {
  await logInAsAdmin(page);
  const created = await page.request.post('/api/clients', { data: { name: `Passkey Clinic ${run}`, address: '3 Birch Lane, Boulder, CO', phone: '(303) 555-0190' } });
  expect(created.status()).toBe(201);
  const clientId = (await created.json()).data.id as number;
  const email = `keys.${run}@passkey-clinic.example`;
  expect((await page.request.post(`/api/clients/${clientId}/users`, { data: { email, role: 'front_desk' } })).status()).toBe(201);
  let mail: StoredMail | undefined;
  await expect
    .poll(async () => {
      mail = (await mailTo(process.env.E2E_MAILBOX_DIR!, email)).find((m) => linkIn(m, '/portal/accept-invite'));
      return Boolean(mail);
    }, { timeout: 20_000, message: `the invitation to ${email}` })
    .toBe(true);
  const token = new URL(linkIn(mail!, '/portal/accept-invite')!).hash.replace('#token=', '');
  const password = `birch ${run} meadow lantern`;
  const accepted = await page.request.post('/api/portal/accept-invite', { data: { token, password, name: 'Kai Keys' } });
  expect(accepted.status()).toBe(200);
  return { email, password };
}

test.describe('passkeys', () => {
  test('a clinic user adds a passkey on the Security page, logs out, signs in with the passkey alone, and then with the password and the passkey', async ({ page }) => {
    test.setTimeout(60_000);
    const run = `${test.info().project.name}${Date.now().toString(36)}`;
    const authenticator = await virtualAuthenticator(page);
    const user = await clinicUser(page, run);

    await page.goto('/portal/security');
    await expect(page.getByRole('heading', { name: 'Passkeys' })).toBeVisible();
    await page.getByLabel('Passkey name').fill('Front desk laptop');
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    const passkey = page.getByRole('list', { name: 'Your passkeys' }).getByRole('listitem');
    await expect(passkey).toContainText('Front desk laptop');
    await expect(passkey).toContainText('not used yet');
    // A discoverable credential on the authenticator, scoped to the RP ID.
    await expect.poll(async () => (await authenticator.credentials()).length).toBe(1);
    expect((await authenticator.credentials())[0]).toMatchObject({ isResidentCredential: true, rpId: 'localhost' });
    expect(await seriousAxeViolations(page)).toEqual([]);

    const menu = page.getByRole('button', { name: 'Open menu' });
    if (await menu.isVisible()) await menu.click();
    await page.getByRole('button', { name: 'Logout' }).last().click();
    await expect(page).toHaveURL(/\/portal\/login$/);
    await expect(page.getByRole('button', { name: 'Sign in with a passkey' })).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect(page).toHaveURL(/\/portal\/leads$/);

    await page.goto('/portal/security');
    await expect(passkey).toContainText('last used');

    // With a passkey, the password is the first of two steps: the second offers the passkey (no app code set up).
    if (await menu.isVisible()) await menu.click();
    await page.getByRole('button', { name: 'Logout' }).last().click();
    await expect(page).toHaveURL(/\/portal\/login$/);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Use your passkey to finish signing in.')).toBeVisible();
    await expect(page.getByLabel('Authentication code')).toHaveCount(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Use a passkey' }).click();
    await expect(page).toHaveURL(/\/portal\/leads$/);
  });
});
