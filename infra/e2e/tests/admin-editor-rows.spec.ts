import { expect, test, type Locator, type Page } from '@playwright/test';
import { logInAsAdmin, seriousAxeViolations } from '../support/admin';
import { keepScreen, screenPath } from '../support/screens';

/**
 * docs/admin.md (offer part): the service editor sets no trap. A row
 * an admin adds can always be removed and gets the focus; an empty added row
 * does not block saving (it is dropped); a save the schema refuses opens the
 * tab of the field at fault, marks and focuses it with its message beside it,
 * and keeps every edit; no toast lies over the editor's Save button. The
 * service's offer is edited in one place: the settings dialog links to the
 * editor instead of holding offer fields of its own.
 */

/** The element at the centre and near each corner of `target` is the target (or inside it): nothing lies over it. */
async function expectUncovered(target: Locator): Promise<void> {
  await expect(target).toBeVisible();
  await target.scrollIntoViewIfNeeded();
  const covered = await target.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const points = [
      [r.left + r.width / 2, r.top + r.height / 2],
      [r.left + 3, r.top + 3],
      [r.right - 3, r.top + 3],
      [r.left + 3, r.bottom - 3],
      [r.right - 3, r.bottom - 3],
    ];
    return points
      .map(([x, y]) => document.elementFromPoint(x!, y!))
      .filter((hit) => !hit || !(hit === el || el.contains(hit)))
      .map((hit) => (hit ? `${hit.tagName.toLowerCase()}.${String(hit.className)}` : 'nothing'));
  });
  expect(covered).toEqual([]);
}

async function makeService(page: Page, run: string) {
  const created = await page.request.post('/api/clients', { data: { name: `Cedar Rows Clinic ${run}`, address: '12 Cedar Rd, Boise, ID', phone: '(208) 555-0144' } });
  expect(created.status()).toBe(201);
  const clientId = ((await created.json()) as { data: { id: number } }).data.id;
  const templates = ((await (await page.request.get('/api/service-templates')).json()) as { data: Array<{ id: number; slug: string }> }).data;
  const template = templates.find((t) => t.slug === 'trt') ?? templates[0]!;
  const service = await page.request.post('/api/services', {
    data: { name: 'Rows Program', path: `rows-${run}`, clientId, templateId: template.id, isActive: true, offerName: '$49 First Visit', offerDescription: 'Labs included' },
  });
  expect(service.status()).toBe(201);
  return clientId;
}

test.describe('admin editor rows', () => {
  test.describe.configure({ timeout: 120_000 });

  test('an added row can always be removed, an empty one does not block saving, and a refused save marks the field and keeps every edit', async ({ page }) => {
    await logInAsAdmin(page);
    const run = `${test.info().project.name}-${Date.now().toString(36)}`;
    const clientId = await makeService(page, run);
    try {
      await page.goto(`/admin/services?client=${clientId}`);
      await page.getByRole('button', { name: 'Edit Rows Program' }).click();
      const editor = page.getByRole('dialog', { name: 'Edit Service' });
      await editor.getByLabel('Custom Title').fill('Rows Program for Men');

      // An added symptom takes the focus and can be removed again, below the required six too.
      await editor.getByRole('tab', { name: 'Symptoms & Benefits' }).click();
      const symptoms = editor.getByRole('group', { name: /^Symptoms/ });
      await symptoms.getByRole('button', { name: 'Add Symptom' }).click();
      await expect(symptoms.getByLabel('Symptom 1 title')).toBeFocused();
      await symptoms.getByRole('button', { name: 'Remove symptom 1' }).click();
      await expect(symptoms.getByLabel('Symptom 1 title')).toHaveCount(0);
      await expect(symptoms.getByText('6 more needed')).toBeVisible();

      // Two rows: one filled, one left empty; the rows can be put in another order.
      await symptoms.getByRole('button', { name: 'Add Symptom' }).click();
      await symptoms.getByRole('button', { name: 'Add Symptom' }).click();
      await symptoms.getByLabel('Symptom 2 title').fill('Low energy');
      await symptoms.getByRole('button', { name: 'Move symptom 2 up' }).click();
      await expect(symptoms.getByLabel('Symptom 1 title')).toHaveValue('Low energy');
      await expect(symptoms.getByLabel('Symptom 2 title')).toHaveValue('');

      // An FAQ with an answer and no question: the schema refuses it.
      await editor.getByRole('tab', { name: 'Process & FAQs' }).click();
      const faqs = editor.getByRole('group', { name: /^FAQs/ });
      await faqs.getByRole('button', { name: 'Add FAQ' }).click();
      await expect(faqs.getByLabel('Question 1')).toBeFocused();
      await faqs.getByLabel('Answer 1').fill('Most men feel a difference within weeks.');

      // Saved from another tab: the FAQs' tab opens, the question is marked, focused and explained.
      await editor.getByRole('tab', { name: 'Basic Settings' }).click();
      const save = editor.getByRole('button', { name: 'Save Service' });
      await save.click();
      const question = editor.getByLabel('Question 1');
      await expect(editor.getByRole('tab', { name: 'Process & FAQs' })).toHaveAttribute('aria-selected', 'true');
      await expect(question).toHaveAttribute('aria-invalid', 'true');
      await expect(question).toBeFocused();
      await expect(faqs.getByText('Question is required')).toBeVisible();
      await expect(editor.getByRole('alert').filter({ hasText: 'Fix 1 field before saving' })).toBeVisible();
      await expectUncovered(save);
      await keepScreen(page, { path: screenPath('editor-rows-refused') });
      expect(await seriousAxeViolations(page, '[role=dialog]')).toEqual([]);

      // Every edit is still there; the empty symptom was dropped.
      await expect(editor.getByLabel('Answer 1')).toHaveValue('Most men feel a difference within weeks.');
      await editor.getByRole('tab', { name: 'Basic Settings' }).click();
      await expect(editor.getByLabel('Custom Title')).toHaveValue('Rows Program for Men');
      await editor.getByRole('tab', { name: 'Symptoms & Benefits' }).click();
      await expect(symptoms.getByLabel('Symptom 1 title')).toHaveValue('Low energy');
      await expect(symptoms.getByLabel('Symptom 2 title')).toHaveCount(0);

      await editor.getByRole('tab', { name: 'Process & FAQs' }).click();
      await question.fill('How soon will I notice a change?');
      await expect(question).not.toHaveAttribute('aria-invalid', 'true');
      await save.click();
      const toast = page.locator('.adm-toast').filter({ hasText: 'Service updated' });
      await expect(toast).toBeVisible();
      await expect(editor).toBeHidden();
      // The toast sits where it hides no action of the page either.
      await expectUncovered(page.getByRole('button', { name: 'Add New Service' }));

      await page.getByRole('button', { name: 'Edit Rows Program for Men' }).click();
      await editor.getByRole('tab', { name: 'Symptoms & Benefits' }).click();
      await expect(symptoms.getByLabel('Symptom 1 title')).toHaveValue('Low energy');
      await expect(symptoms.getByLabel('Symptom 2 title')).toHaveCount(0);
      await editor.getByRole('tab', { name: 'Process & FAQs' }).click();
      await expect(editor.getByLabel('Question 1')).toHaveValue('How soon will I notice a change?');
    } finally {
      await page.request.delete(`/api/clients/${clientId}`);
    }
  });

  test('the settings dialog has no offer fields of its own: it opens the editor, where the whole offer is edited', async ({ page }) => {
    await logInAsAdmin(page);
    const run = `${test.info().project.name}-${Date.now().toString(36)}`;
    const clientId = await makeService(page, run);
    try {
      await page.goto(`/admin/services?client=${clientId}`);
      await page.getByRole('button', { name: 'Settings of Rows Program' }).click();
      const settings = page.getByRole('dialog', { name: 'Edit Service' });
      await expect(settings.getByLabel('Service Name *')).toHaveValue('Rows Program');
      await settings.getByRole('tab', { name: 'Special Offer' }).click();
      await expect(settings.getByLabel('Offer Name')).toHaveCount(0);
      await expect(settings.getByText('$49 First Visit')).toBeVisible();
      expect(await seriousAxeViolations(page, '[role=dialog]')).toEqual([]);
      await settings.getByRole('button', { name: 'Edit the offer in the service editor' }).click();

      const editor = page.locator('.sed-editor');
      await expect(editor.getByRole('tab', { name: 'Basic Settings' })).toHaveAttribute('aria-selected', 'true');
      await expect(editor.getByLabel('Custom Offer')).toHaveValue('$49 First Visit');
      await expect(editor.getByLabel('Custom Offer')).toBeFocused();
      await editor.getByLabel('Custom Offer').fill('$39 First Visit');
      await editor.getByLabel('Offer Value').fill('$249 value');
      await editor.getByRole('button', { name: 'Save Service' }).click();
      await expect(page.locator('.adm-toast').filter({ hasText: 'Service updated' })).toBeVisible();
      await expect(editor).toBeHidden();
      // Back in the settings dialog, which shows the offer as now saved.
      await expect(settings.getByRole('tab', { name: 'Special Offer' })).toHaveAttribute('aria-selected', 'true');
      await expect(settings.getByText('$39 First Visit')).toBeVisible();
      await expect(settings.getByText('$249 value')).toBeVisible();
      await settings.getByRole('button', { name: 'Cancel' }).click();
      await expect(page.getByRole('dialog')).toHaveCount(0);
    } finally {
      await page.request.delete(`/api/clients/${clientId}`);
    }
  });
});
