import { expect, test } from '@playwright/test';
import { logInAsAdmin, seriousAxeViolations } from '../support/admin';
import { keepScreen, screenPath } from '../support/screens';

/**
 * The service editor (docs/admin.md#service-editor and its count rules in docs/public-site.md#validation): an admin
 * opens a clinic's service with Edit, fills its symptoms to the required six
 * (a description stops at 150 characters), is told a 'Step 1:' title is not
 * wanted, saves (the step rows left empty are dropped), and the public pages
 * show the new content.
 */

test.describe('admin service editor', () => {
  test.describe.configure({ timeout: 120_000 });

  test('an admin edits a service’s content within the editor’s rules and sees it on the landing page', async ({ page }) => {
    await logInAsAdmin(page);
    const run = `${test.info().project.name}-${Date.now().toString(36)}`;
    const created = await page.request.post('/api/clients', { data: { name: `Pine Valley Clinic ${run}`, address: '8 Pine Valley Rd, Boise, ID', phone: '(208) 555-0133' } });
    expect(created.status()).toBe(201);
    const clientId = ((await created.json()) as { data: { id: number } }).data.id;
    const templates = ((await (await page.request.get('/api/service-templates')).json()) as { data: Array<{ id: number; slug: string }> }).data;
    const template = templates.find((t) => t.slug === 'trt') ?? templates[0]!;
    const path = `vitality-${run}`;
    const service = await page.request.post('/api/services', { data: { name: 'Vitality Program', path, clientId, templateId: template.id, isActive: true } });
    expect(service.status()).toBe(201);
    try {
      await page.goto(`/admin/services?client=${clientId}`);
      await page.getByRole('button', { name: 'Edit Vitality Program' }).click();
      const editor = page.getByRole('dialog', { name: 'Edit Service' });
      await expect(editor.getByRole('tab', { name: 'Basic Settings' })).toHaveAttribute('aria-selected', 'true');
      await editor.getByLabel('Custom Title').fill('Vitality Program for Men');

      // Symptoms: six needed; the add button goes at six; every row can still be removed.
      await editor.getByRole('tab', { name: 'Symptoms & Benefits' }).click();
      const symptoms = editor.getByRole('group', { name: /^Symptoms/ });
      await expect(symptoms.getByText('6 more needed')).toBeVisible();
      for (let i = 0; i < 6; i++) await symptoms.getByRole('button', { name: 'Add Symptom' }).click();
      await expect(symptoms.getByRole('button', { name: 'Add Symptom' })).toHaveCount(0);
      await expect(symptoms.getByText(/more needed/)).toHaveCount(0);
      await expect(symptoms.getByRole('button', { name: /^Remove symptom/ })).toHaveCount(6);
      await symptoms.getByLabel('Symptom 1 title').fill('Afternoon energy crashes');
      const description = symptoms.getByLabel('Symptom 1 description');
      await description.fill('x'.repeat(151));
      await expect(description).toHaveValue('x'.repeat(150));
      await expect(symptoms.getByText('150/150')).toBeVisible();
      await description.fill('Feeling drained by mid-afternoon even after a full night of sleep.');
      await expect(symptoms.getByText('66/150')).toBeVisible();
      for (let i = 2; i <= 6; i++) await symptoms.getByLabel(`Symptom ${i} title`).fill(`Symptom number ${i}`);

      // Process: a 'Step 1:' prefix is pointed out.
      await editor.getByRole('tab', { name: 'Process & FAQs' }).click();
      const steps = editor.getByRole('group', { name: /^Process Steps/ });
      await expect(steps.getByText('3 more needed')).toBeVisible();
      await steps.getByRole('button', { name: 'Add Step' }).click();
      await steps.getByLabel('Step 1 title').fill('Step 1: Consultation');
      await expect(steps.getByText('Leave out prefixes such as "Step 1:"')).toBeVisible();
      await steps.getByLabel('Step 1 title').fill('Consultation');
      await expect(steps.getByText('Leave out prefixes such as "Step 1:"')).toHaveCount(0);
      await expect(steps.getByText('2 more needed')).toBeVisible();
      await keepScreen(page, { path: screenPath('admin-service-editor') });
      expect(await seriousAxeViolations(page, '[role=dialog]')).toEqual([]);

      await editor.getByRole('button', { name: 'Save Service' }).click();
      await expect(page.locator('.adm-toast').filter({ hasText: 'Service updated' })).toBeVisible();
      await expect(editor).toBeHidden();

      // The landing page shows the saved title; the rich page (docs/public-site.md#page-styles /unified/…) the symptoms too.
      await page.goto(`/${path}?client=${clientId}`);
      await expect(page.getByRole('heading', { level: 1 })).toContainText('Vitality Program for Men');
      await page.goto(`/unified/${path}?client=${clientId}`);
      const signs = page.locator('#symptoms');
      await signs.scrollIntoViewIfNeeded();
      await expect(signs.getByText('Afternoon energy crashes')).toBeVisible();
      await expect(signs.getByText('Feeling drained by mid-afternoon even after a full night of sleep.')).toBeVisible();
      await keepScreen(signs, { path: screenPath('unified-symptoms') });

      // Reopened, the editor shows what is stored.
      await page.goto(`/admin/services?client=${clientId}`);
      await page.getByRole('button', { name: 'Edit Vitality Program for Men' }).click();
      await editor.getByRole('tab', { name: 'Symptoms & Benefits' }).click();
      await expect(editor.getByLabel('Symptom 1 title')).toHaveValue('Afternoon energy crashes');
      await expect(editor.getByRole('group', { name: /^Benefits/ }).getByText('6 more needed')).toBeVisible();
    } finally {
      await page.request.delete(`/api/clients/${clientId}`);
    }
  });
});
