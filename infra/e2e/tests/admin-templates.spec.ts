import { expect, test } from '@playwright/test';
import { TEMPLATE_CREATE_TEXTS } from '@hap/contracts';
import { logInAsAdmin, seriousAxeViolations } from '../support/admin';
import { pngBytes } from '@hap/test-kit/fixtures/images';

/**
 * Service Templates (docs/admin.md#templates): an admin creates a template with AI
 * (the stack's model is a loopback fake of the chat completions API, see
 * global-setup.ts), follows its progress to 'Template created!', and finds it
 * in Browse, and previews it: client 1 has not activated it, so only the
 * admin's session shows it (docs/public-site.md#page-styles); a visitor gets the not-found page.
 */

test.describe('admin Service Templates', () => {
  test('an admin creates a template with AI, sees its progress, previews it, and finds it in Browse', async ({ page, request }) => {
    test.setTimeout(90_000);
    const name = `Hair Restoration ${test.info().project.name} ${Date.now().toString(36)}`;
    await logInAsAdmin(page);
    await page.goto('/admin/templates');
    await expect(page.getByRole('heading', { name: 'Service Templates' })).toBeVisible();
    const count = page.getByText(/^\d+ of \d+ templates$/);
    await expect(count).toBeVisible();
    const before = Number((await count.textContent())!.split(' of ')[1].split(' ')[0]);

    await page.getByRole('tab', { name: 'Create New Template' }).click();
    // The form's own rules, the API's schema: nothing is sent empty.
    await page.getByRole('button', { name: 'Create Template' }).click();
    await expect(page.getByText('Template name must be at least 2 characters')).toBeVisible();
    await expect(page.getByText('Choose a category')).toBeVisible();

    await page.getByLabel('Template Name').fill(name);
    await page.getByLabel('Category').selectOption({ index: 1 });
    await page.getByLabel('Service Description').fill('Platelet-rich plasma injections for thinning hair in men and women.');
    await page.getByRole('button', { name: 'Create Template' }).click();

    const progress = page.getByRole('status').filter({ hasText: 'Generating template...' });
    await expect(progress).toContainText('AI is creating your custom template content. This may take a moment.');
    await expect(page.getByRole('progressbar', { name: 'Template generation' })).toBeVisible();
    await expect(page.getByText('Template created!').first()).toBeVisible({ timeout: 30_000 });
    const preview = page.getByRole('status').getByRole('link', { name: 'Preview' });
    await expect(preview).toHaveAttribute('href', /^\/hair-restoration-[a-z0-9-]+\?client=1&preview=1$/);
    await expect(preview).toHaveAttribute('target', '_blank');

    // The preview tab: the model's content, as client 1 would get it, marked as not live, with no form to send.
    const [tab] = await Promise.all([page.context().waitForEvent('page'), preview.click()]);
    await tab.waitForLoadState();
    await expect(tab.getByRole('heading', { level: 1, name: 'Restore Fuller, Thicker Hair With Your Own Platelets' })).toBeVisible();
    await expect(tab.getByText(/^Preview: not live yet\. Visitors see the not-found page here until .+ is active for .+\.$/)).toBeVisible();
    await expect(tab.getByText('The form takes requests once this service is live.')).toBeVisible();
    await expect(tab.getByRole('button', { name: 'Book Now' })).toHaveCount(0);
    expect(await tab.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
    const href = (await preview.getAttribute('href'))!;
    // One admin's view: never kept by a cache.
    const adminAnswer = await page.request.get(href);
    expect(adminAnswer.status()).toBe(200);
    expect(adminAnswer.headers()['cache-control']).toBe('no-store');
    await tab.close();
    // A visitor (no session) asking for the same address gets the not-found page.
    expect((await request.get(href)).status()).toBe(404);

    await page.getByRole('status').getByRole('button', { name: 'Browse Templates' }).click();
    await expect(page.getByText(`${before + 1} of ${before + 1} templates`)).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search templates' }).fill(name);
    await expect(page.getByText(`1 of ${before + 1} templates`)).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(name) })).toBeVisible();

    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  test('without AI the Create tab still shows its form, and creating makes a template with empty content to fill in by hand', async ({ page }) => {
    test.setTimeout(60_000);
    const name = `Hand Written ${test.info().project.name} ${Date.now().toString(36)}`;
    // The stack has a model (global-setup.ts): the status call answers as a templates service without one would.
    // The creation itself is the real server's: the screen asks for empty content by name.
    await page.route('**/api/templates/ai-status', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ success: true, data: { configured: false, model: null } }) }),
    );
    await logInAsAdmin(page);
    await page.goto('/admin/templates');
    const count = page.getByText(/^\d+ of \d+ templates$/);
    await expect(count).toBeVisible();
    const before = Number((await count.textContent())!.split(' of ')[1].split(' ')[0]);

    await page.getByRole('tab', { name: 'Create New Template' }).click();
    await expect(page.getByRole('note', { name: 'AI writing is not configured' })).toContainText(TEMPLATE_CREATE_TEXTS.noAi);
    await expect(page.getByLabel('Template Name')).toBeVisible();
    await expect(page.getByLabel('Category')).toBeVisible();
    await expect(page.getByLabel('Service Description')).toBeVisible();

    const sent = page.waitForRequest((r) => r.url().endsWith('/api/templates/create') && r.method() === 'POST');
    await page.getByLabel('Template Name').fill(name);
    await page.getByLabel('Category').selectOption({ index: 1 });
    await page.getByLabel('Service Description').fill('A treatment the clinic describes in its own words.');
    await page.getByRole('button', { name: 'Create Template' }).click();
    expect((await sent).postDataJSON()).toMatchObject({ name, content: 'empty' });

    // The screen's result panel (the toast is a status too, with the same words).
    const result = page.getByRole('status').filter({ hasText: 'Template created!' }).filter({ has: page.getByRole('button', { name: 'Browse Templates' }) });
    await expect(result).toContainText(TEMPLATE_CREATE_TEXTS.emptyCreated);
    await expect(page.locator('.adm-toast')).toContainText(TEMPLATE_CREATE_TEXTS.emptyCreated);
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Browse has it; its editor opens with the content empty, to fill in by hand.
    await result.getByRole('button', { name: 'Browse Templates' }).click();
    await expect(page.getByText(`${before + 1} of ${before + 1} templates`)).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search templates' }).fill(name);
    await page.getByRole('button', { name: new RegExp(`^Edit ${name}`) }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Template' });
    await expect(dialog.getByLabel('Headline')).toHaveValue('');
    const faqs = dialog.getByRole('group', { name: /^FAQs/ });
    await expect(faqs.getByRole('button', { name: 'Add FAQ' })).toBeVisible();
    await expect(faqs.getByLabel('Question 1')).toHaveCount(0);
  });

  test('an admin edits a template: a story with an uploaded image is saved', async ({ page }) => {
    test.setTimeout(90_000);
    await logInAsAdmin(page);
    await page.goto('/admin/templates');
    await page.getByRole('searchbox', { name: 'Search templates' }).fill('semaglutide');
    await page.getByRole('button', { name: /^Edit Semaglutide/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Template' });
    await expect(dialog).toBeVisible();

    const headline = `Semaglutide, guided by clinicians ${Date.now().toString(36)}`;
    await dialog.getByLabel('Headline').fill(headline);

    // A file that is not an image is refused before it is sent, in the template editor's words.
    const stories = dialog.getByRole('group', { name: /^Before and After Stories/ });
    const n = await stories.getByRole('group', { name: /^Story \d+$/ }).count();
    await stories.getByRole('button', { name: 'Add Story' }).click();
    const story = stories.getByRole('group', { name: `Story ${n + 1}`, exact: true });
    const chooser = page.waitForEvent('filechooser');
    await story.getByRole('button', { name: 'Upload image' }).first().click();
    await (await chooser).setFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
    // Told at the story's image field, not in a toast over the dialog.
    await expect(story.getByRole('alert').filter({ hasText: 'Invalid file type: Please select an image file (JPG, PNG, GIF, etc.)' })).toBeVisible();
    await expect(page.locator('.adm-toast')).toHaveCount(0);

    await story.getByLabel(`Story ${n + 1} title`).fill('Twelve weeks in');
    const png = pngBytes(64, [120, 80, 200]);
    const chooser2 = page.waitForEvent('filechooser');
    await story.getByRole('button', { name: 'Upload image' }).first().click();
    await (await chooser2).setFiles({ name: 'before.png', mimeType: 'image/png', buffer: png });
    await expect(dialog.getByRole('img', { name: `Story ${n + 1} before image preview` })).toBeVisible();
    // An image picked next clears the refusal.
    await expect(story.getByRole('alert')).toHaveCount(0);
    await story.getByLabel(`Story ${n + 1} timeframe`).fill('12 weeks');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    // A content change is a new version, which every clinic following the latest shows (docs/template-rollout.md#versions).
    await expect(page.locator('.adm-toast')).toContainText(/Saved as version \d+\. Every clinic that follows the latest version shows it\./);
    await expect(dialog).toBeHidden();

    // Saved: the editor opens again with it.
    await page.getByRole('button', { name: /^Edit Semaglutide/ }).click();
    await expect(dialog.getByLabel('Headline')).toHaveValue(headline);
    await expect(dialog.getByLabel(`Story ${n + 1} title`)).toHaveValue('Twelve weeks in');
    await expect(dialog.getByRole('img', { name: `Story ${n + 1} before image preview` })).toBeVisible();
    expect(await seriousAxeViolations(page, '[role=dialog]')).toEqual([]);
  });
});
