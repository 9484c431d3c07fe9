import { expect, test } from '@playwright/test';
import { logInAsAdmin, seriousAxeViolations } from '../support/admin';
import { keepScreen, screenPath } from '../support/screens';

/**
 * docs/admin.md: a template's content (benefits, process steps, symptoms,
 * FAQs, testimonials, before-and-after stories) is edited as lists of
 * labelled fields with add, remove and reorder, each field checked by the
 * API's own schema; nobody types JSON.
 */

test.describe('admin template forms', () => {
  test.describe.configure({ timeout: 120_000 });

  test('an admin fills a template’s lists field by field, is shown the field at fault (a refused image too), reorders and saves them', async ({ page }) => {
    await logInAsAdmin(page);
    const name = `Form Filled ${test.info().project.name} ${Date.now().toString(36)}`;
    const templates = ((await (await page.request.get('/api/service-templates')).json()) as { data: Array<{ subcategoryId: number }> }).data;
    const made = await page.request.post('/api/templates/create', {
      data: { name, description: 'A treatment the clinic describes in its own words.', subcategoryId: templates[0]!.subcategoryId, content: 'empty' },
    });
    expect(made.status()).toBe(202);

    await page.goto('/admin/templates');
    await page.getByRole('searchbox', { name: 'Search templates' }).fill(name);
    await page.getByRole('button', { name: new RegExp(`^Edit ${name}`) }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Template' });
    await expect(dialog.getByLabel('Headline')).toBeVisible();
    // No JSON to type anywhere.
    await expect(dialog.getByLabel(/JSON/)).toHaveCount(0);

    const benefits = dialog.getByRole('group', { name: /^Benefits/ });
    await benefits.getByRole('button', { name: 'Add Benefit' }).click();
    await expect(benefits.getByLabel('Benefit 1 title')).toBeFocused();
    await benefits.getByLabel('Benefit 1 title').fill('Better sleep');
    await benefits.getByRole('button', { name: 'Add Benefit' }).click();
    await benefits.getByLabel('Benefit 2 title').fill('Steadier energy');
    await benefits.getByLabel('Benefit 2 description').fill('No more afternoon crash.');
    await benefits.getByRole('button', { name: 'Move benefit 2 up' }).click();
    await expect(benefits.getByLabel('Benefit 1 title')).toHaveValue('Steadier energy');
    await expect(benefits.getByLabel('Benefit 2 title')).toHaveValue('Better sleep');
    // An added row left empty is dropped on save, not refused.
    await benefits.getByRole('button', { name: 'Add Benefit' }).click();

    const process = dialog.getByRole('group', { name: /^Process Steps/ });
    await process.getByRole('button', { name: 'Add Step' }).click();
    await process.getByLabel('Step 1 title').fill('Consultation');
    await process.getByLabel('Step 1 description').fill('A clinician reviews your history and goals.');

    const symptoms = dialog.getByRole('group', { name: /^Symptoms/ });
    await symptoms.getByRole('button', { name: 'Add Symptom' }).click();
    await symptoms.getByLabel('Symptom 1 title').fill('Fatigue');
    await symptoms.getByLabel('Symptom 1 icon').selectOption('Battery');

    const testimonials = dialog.getByRole('group', { name: /^Testimonials/ });
    await testimonials.getByRole('button', { name: 'Add Testimonial' }).click();
    await testimonials.getByLabel('Testimonial 1 text').fill('I feel like myself again.');
    await testimonials.getByLabel('Testimonial 1 name').fill('Mark R.');
    await testimonials.getByLabel('Testimonial 1 rating').selectOption('4');

    // A file that is not an image: refused at its field, in the spec's words, with no toast over the dialog.
    await dialog.getByLabel('Hero Background Image', { exact: true }).setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
    const refused = dialog.getByRole('alert').filter({ hasText: 'Invalid file type: Please select an image file (JPG, PNG, GIF, etc.)' });
    await expect(refused).toBeVisible();
    await expect(page.locator('.adm-toast')).toHaveCount(0);
    await refused.scrollIntoViewIfNeeded();
    await keepScreen(page, { path: screenPath('template-image-refused') });

        // An FAQ without its question: the schema's message at the field, which gets the focus.
    const faqs = dialog.getByRole('group', { name: /^FAQs/ });
    await faqs.getByRole('button', { name: 'Add FAQ' }).click();
    await faqs.getByLabel('Answer 1').fill('Most people notice a change within weeks.');
    const save = dialog.getByRole('button', { name: 'Save Changes' });
    await save.click();
    const question = faqs.getByLabel('Question 1');
    await expect(question).toHaveAttribute('aria-invalid', 'true');
    await expect(question).toBeFocused();
    await expect(faqs.getByText('Question is required')).toBeVisible();
    await expect(dialog.getByRole('alert').filter({ hasText: 'Fix 1 field before saving' })).toBeVisible();
    await expect(benefits.getByLabel('Benefit 1 title')).toHaveValue('Steadier energy');
    await keepScreen(page, { path: screenPath('template-forms-refused'), fullPage: true });
    expect(await seriousAxeViolations(page, '[role=dialog]')).toEqual([]);

    await question.fill('How soon will I notice a change?');
    await save.click();
    // A content change is a new version, which every clinic following the latest shows (docs/template-rollout.md#versions).
    await expect(page.locator('.adm-toast')).toContainText(/Saved as version \d+\. Every clinic that follows the latest version shows it\./);
    await expect(dialog).toBeHidden();

    // Saved as typed and in the order chosen; the empty benefit was left out.
    await page.getByRole('button', { name: new RegExp(`^Edit ${name}`) }).click();
    await expect(benefits.getByLabel('Benefit 1 title')).toHaveValue('Steadier energy');
    await expect(benefits.getByLabel('Benefit 1 description')).toHaveValue('No more afternoon crash.');
    await expect(benefits.getByLabel('Benefit 2 title')).toHaveValue('Better sleep');
    await expect(benefits.getByLabel('Benefit 3 title')).toHaveCount(0);
    await expect(process.getByLabel('Step 1 title')).toHaveValue('Consultation');
    await expect(symptoms.getByLabel('Symptom 1 icon')).toHaveValue('Battery');
    await expect(testimonials.getByLabel('Testimonial 1 rating')).toHaveValue('4');
    await expect(testimonials.getByLabel('Testimonial 1 name')).toHaveValue('Mark R.');
    await expect(faqs.getByLabel('Question 1')).toHaveValue('How soon will I notice a change?');

    // Rows come out again: removing the second benefit leaves the first.
    await benefits.getByRole('button', { name: 'Remove benefit 2' }).click();
    await expect(benefits.getByLabel('Benefit 2 title')).toHaveCount(0);
    await keepScreen(page, { path: screenPath('template-forms'), fullPage: true });
    await save.click();
    await expect(dialog).toBeHidden();
    const saved = ((await (await page.request.get('/api/service-templates')).json()) as { data: Array<{ name: string; benefits: unknown }> }).data.find((t) => t.name === name);
    // The row kept keeps its id (docs/template-rollout.md#item-ids).
    expect(saved?.benefits).toEqual([{ id: expect.stringMatching(/^[\w-]+$/), title: 'Steadier energy', description: 'No more afternoon crash.' }]);
  });
});
