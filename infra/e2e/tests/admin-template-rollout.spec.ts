import { expect, test, type APIRequestContext } from '@playwright/test';
import { logInAsAdmin, seriousAxeViolations } from '../support/admin';
import { keepScreen, screenPath } from '../support/screens';

/**
 * Template rollout (docs/template-rollout.md): the agency edits a staged template's headline and
 * adds a FAQ; the template's clinics show three behind, one of which changed its own headline;
 * the diff says whose change is whose; a push to all three keeps that clinic's headline and adds
 * the FAQ to all three pages; a rollback puts one clinic back.
 */
test.describe('admin template rollout', () => {
  test.describe.configure({ timeout: 150_000 });

  const json = async <T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> => ((await response.json()) as { data: T }).data;

  test('edit a headline and add a FAQ, see three clinics behind, push keeping a clinic’s own headline, roll one back, find that push among older ones', async ({ page }) => {
    await logInAsAdmin(page);
    const token = Date.now().toString(36);
    const name = `Low T Therapy ${token}`;
    const request = page.request;
    const subcategoryId = (await json<Array<{ subcategoryId: number }>>(await request.get('/api/service-templates')))[0]!.subcategoryId;
    const made = await json<{ templateId: number; templateSlug: string }>(
      await request.post('/api/templates/create', { data: { name, description: 'Testosterone therapy supervised by a physician.', subcategoryId, content: 'empty' } }),
    );
    const slug = made.templateSlug;
    // Version 2: the template as the clinics get it (version 1 is the empty template just made).
    const setUp = await request.patch(`/api/service-templates/${made.templateId}`, {
      data: { headline: 'Feel like yourself again', faqs: [{ question: 'Is it safe?', answer: 'Yes, with monitoring.' }], rollout: 'staged' },
    });
    expect(setUp.status()).toBe(200);
    const clinics: Array<{ id: number; name: string }> = [];
    for (const [i, town] of ['Tulsa, OK', 'Boise, ID', 'Salem, OR'].entries()) {
      const clinicName = `Rollout Clinic ${i + 1} ${token}`;
      const created = await request.post('/api/clients', { data: { name: clinicName, address: `${i + 10} Elm St, ${town}`, phone: `(918) 555-01${i + 40}` } });
      expect(created.status()).toBe(201);
      const id = (await json<{ id: number }>(created)).id;
      expect((await request.post('/api/service-templates/activate', { data: { clientId: id, templateId: made.templateId } })).status()).toBe(200);
      clinics.push({ id, name: clinicName });
    }
    const [a, b, c] = clinics as [(typeof clinics)[0], (typeof clinics)[0], (typeof clinics)[0]];
    // The second clinic wrote its own headline.
    const bService = (await json<Array<{ id: number; templateId: number }>>(await request.get(`/api/client-services/${b.id}`))).find((s) => s.templateId === made.templateId)!;
    expect((await request.patch(`/api/client-services/${bService.id}`, { data: { customHeadline: 'Low T? We can help' } })).status()).toBe(200);

    // The agency edits the template: a new headline and a FAQ about insurance.
    await page.goto('/admin/templates');
    await page.getByRole('searchbox', { name: 'Search templates' }).fill(name);
    await page.getByRole('button', { name: `Edit ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Template' });
    await dialog.getByLabel('Headline').fill('Get your energy back');
    await dialog.getByRole('button', { name: 'Add FAQ' }).click();
    await dialog.getByLabel('Question 2').fill('Is it covered by insurance?');
    await dialog.getByLabel('Answer 2').fill('Often; we check your plan first.');
    await dialog.getByLabel('Version note (optional)').fill('New headline, insurance FAQ');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.locator('.adm-toast')).toContainText('Saved as version 3. It reaches clinics when you push it from Versions.');
    await expect(dialog).toHaveCount(0);

    // Staged: no clinic shows the save yet.
    await page.goto(`/${slug}?client=${a.id}`);
    await expect(page.getByText('Feel like yourself again', { exact: true })).toBeVisible();

    await page.goto('/admin/templates');
    await page.getByRole('searchbox', { name: 'Search templates' }).fill(name);
    await page.getByRole('link', { name: `Versions and clinics of ${name}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: `${name}: versions and clinics` })).toBeVisible();
    const versions = page.getByRole('region', { name: 'Versions' });
    await expect(versions.getByRole('row', { name: /New headline, insurance FAQ/ })).toContainText('Latest');
    const clinicsTable = page.getByRole('region', { name: 'Clinics (3)' });
    for (const clinic of clinics) await expect(clinicsTable.getByRole('row', { name: new RegExp(clinic.name) })).toContainText('Version 2 of 3 · behind');
    await expect(clinicsTable.getByRole('row', { name: new RegExp(b.name) })).toContainText('Headline');
    await expect(clinicsTable.getByRole('row', { name: new RegExp(a.name) })).toContainText('None');

    // The clinic that changed its headline, against version 3: its change, and the template's it has not received.
    await page.getByRole('button', { name: `Compare ${b.name} with version 3` }).click();
    const diff = page.getByRole('region', { name: `${b.name} against version 3` });
    await expect(diff).toContainText('Version 2 → 3: 1 template change to receive · 1 conflict');
    await expect(diff.getByRole('region', { name: 'Headline differences' })).toContainText('Conflict');
    await expect(diff.getByRole('region', { name: 'Headline differences' })).toContainText('Low T? We can help');
    await expect(diff.getByRole('region', { name: 'FAQs differences' })).toContainText('Template change not received');
    await expect(diff.getByRole('region', { name: 'FAQs differences' })).toContainText('Is it covered by insurance?');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await keepScreen(page, { path: screenPath('admin-template-rollout-diff'), fullPage: true });

    await page.getByRole('button', { name: 'Select clinics behind' }).click();
    await page.getByRole('button', { name: 'Push version 3 to 3 clinics' }).click();
    const push = page.getByRole('dialog', { name: 'Push version 3' });
    await expect(push.getByRole('radio', { name: "Keep the clinic's: Low T? We can help" })).toBeChecked();
    await keepScreen(push, { path: screenPath('admin-template-rollout-push') });
    await push.getByRole('button', { name: 'Push version 3 to 3 clinics' }).click();
    const progress = page.getByRole('region', { name: /^Version 3 pushed by / });
    await expect(progress.getByRole('status')).toHaveText('3 of 3 clinics done');
    await expect(progress.getByText('Pushed', { exact: true })).toHaveCount(3);
    await keepScreen(page, { path: screenPath('admin-template-rollout-pushed'), fullPage: true });

    // The pages: the template's headline where the clinic had none of its own, the FAQ on all three.
    for (const [clinic, headline] of [[a, 'Get your energy back'], [b, 'Low T? We can help'], [c, 'Get your energy back']] as const) {
      const landing = await request.get(`/${slug}?client=${clinic.id}`);
      const html = await landing.text();
      expect(html).toContain(headline);
      expect(html).toContain('Is it covered by insurance?');
    }

    // One clinic back as it was before the push.
    await progress.getByRole('button', { name: `Roll back ${a.name}` }).click();
    await expect(page.locator('.adm-toast')).toContainText("The clinic's page is back on version 2, as before the push.");
    await expect(progress.getByText('Rolled back', { exact: true })).toHaveCount(1);
    await page.goto(`/${slug}?client=${a.id}`);
    await expect(page.getByText('Feel like yourself again', { exact: true })).toBeVisible();
    await expect(page.getByText('Is it covered by insurance?')).toHaveCount(0);

    // Ten pushes later, that push (with its rollback) is one 'Show older pushes' away.
    for (let i = 0; i < 10; i++) expect((await request.post(`/api/service-templates/${made.templateId}/push`, { data: { version: 3, clientIds: [c.id] } })).status()).toBe(202);
    await page.goto(`/admin/templates/${made.templateId}/rollout`);
    const pushes = page.getByRole('region', { name: /^Version 3 pushed by / });
    await expect(pushes).toHaveCount(10);
    await expect(pushes.getByText('Rolled back', { exact: true })).toHaveCount(0);
    await page.getByRole('button', { name: 'Show older pushes' }).click();
    await expect(pushes.getByText('Rolled back', { exact: true })).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Show older pushes' })).toHaveCount(0);
  });
});
