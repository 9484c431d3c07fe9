import { expect, test, type APIRequestContext } from '@playwright/test';
import { pngBytes } from '@hap/test-kit/fixtures/images';
import { logInAsAdmin, seriousAxeViolations } from '../support/admin';
import { keepScreen, screenPath } from '../support/screens';

/**
 * The page editor (docs/page-editor.md): an admin edits a clinic's page on the page itself (a
 * headline, a FAQ's question, the hero image, a section hidden, a move undone), a save with a
 * problem is told at its element, leaving with changes not saved asks first, and the public page
 * shows what was saved.
 */
test.describe('admin page editor', () => {
  test.describe.configure({ timeout: 120_000 });

  const json = async <T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> => ((await response.json()) as { data: T }).data;

  test('edit a text, an image and a FAQ in place, hide a section, undo a move, and the public page shows it', async ({ page }) => {
    await logInAsAdmin(page);
    const token = Date.now().toString(36);
    const request = page.request;
    const name = `Hormone Care ${token}`;
    const subcategoryId = (await json<Array<{ subcategoryId: number }>>(await request.get('/api/service-templates')))[0]!.subcategoryId;
    const made = await json<{ templateId: number; templateSlug: string }>(
      await request.post('/api/templates/create', { data: { name, description: 'Hormone therapy supervised by a physician.', subcategoryId, content: 'empty' } }),
    );
    const content = await request.patch(`/api/service-templates/${made.templateId}`, {
      data: {
        headline: 'Feel like yourself again',
        testimonials: [{ text: 'I sleep through the night again.', rating: 5, name: 'Dana R.' }],
        faqs: [
          { question: 'Is it safe?', answer: 'Yes, with monitoring.' },
          { question: 'How soon will I notice a change?', answer: 'Most patients notice within weeks.' },
        ],
      },
    });
    expect(content.status()).toBe(200);
    const clinic = await json<{ id: number }>(await request.post('/api/clients', { data: { name: `Editor Clinic ${token}`, address: '12 Oak St, Tulsa, OK', phone: '(918) 555-0190' } }));
    const activated = await json<{ clientService: { id: number } }>(await request.post('/api/service-templates/activate', { data: { clientId: clinic.id, templateId: made.templateId } }));
    expect(activated.clientService.id).toBeGreaterThan(0);

    await page.goto(`/admin/services?client=${clinic.id}`);
    await page.getByRole('link', { name: `Edit the page of ${name} on the page` }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Edit page: ${name}` })).toBeVisible();
    const frame = page.frameLocator('iframe[title^="Page of"]');
    const headline = frame.locator('[data-edit="headline"]');
    await expect(headline).toHaveText('Feel like yourself again');
    // The page is the server's render, driven by the admin's script: it brings none of its own.
    await expect(frame.locator('script[data-src]')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Saved' })).toBeDisabled();

    // The keyboard goes from text to text: the page's form and links are no tab stops.
    await frame.locator('[data-edit="offer"]').focus();
    await page.keyboard.press('Tab');
    await expect(headline).toBeFocused();

    // A text: click it, write, Enter keeps it.
    await headline.click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('Energy that lasts');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'Undo' })).toBeEnabled();

    // An image, through the upload rules.
    const panel = page.getByRole('complementary', { name: 'Page editor panel' });
    const chooser = page.waitForEvent('filechooser');
    await panel.getByRole('button', { name: 'Upload image' }).click();
    await (await chooser).setFiles({ name: 'hero.png', mimeType: 'image/png', buffer: pngBytes(96, [30, 110, 160]) });
    await expect(panel.getByRole('img', { name: 'Hero image preview' })).toBeVisible();
    const uploaded = await panel.getByRole('img', { name: 'Hero image preview' }).getAttribute('src');
    await expect(frame.locator('[data-edit-image="heroImage"] img')).toHaveAttribute('src', uploaded!);

    // A section hidden; a move, undone once.
    const sections = panel.getByRole('region', { name: 'Sections' });
    await sections.getByRole('checkbox', { name: 'Patient stories' }).uncheck();
    await expect(frame.locator('[data-edit-section="reviews"]')).toBeHidden();
    await sections.getByRole('button', { name: 'Move Questions up' }).click();
    await expect(sections.getByRole('listitem').nth(3)).toContainText('Questions');
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(sections.getByRole('listitem').last()).toContainText('Questions');
    // The same from the keyboard: redo, then undo again.
    await page.keyboard.press('ControlOrMeta+Shift+Z');
    await expect(sections.getByRole('listitem').nth(3)).toContainText('Questions');
    await page.keyboard.press('ControlOrMeta+Z');
    await expect(sections.getByRole('listitem').last()).toContainText('Questions');
    await expect(sections.getByRole('checkbox', { name: 'Patient stories' })).not.toBeChecked();

    // A FAQ's question left empty: the save is refused at its element, in the form's words.
    const question = frame.locator('[data-edit-field="question"]').first();
    await question.click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.press('Delete');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(panel.getByRole('alert')).toContainText('FAQ 1: Question is required');
    await expect(frame.getByRole('alert')).toHaveText('Question is required');
    await expect(question).toHaveAttribute('aria-invalid', 'true');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await keepScreen(page, { path: screenPath('admin-page-editor-problem') });

    // Going back to Services with changes not saved: asked first; staying keeps every change.
    await page.getByRole('link', { name: 'Services' }).first().click();
    const leave = page.getByRole('alertdialog', { name: 'Leave without saving?' });
    await expect(leave).toContainText('Your changes to this page are not saved.');
    await leave.getByRole('button', { name: 'Stay on this page' }).click();
    await expect(leave).toHaveCount(0);
    await expect(page).toHaveURL(/\/admin\/services\/\d+\/page$/);
    await expect(question).toHaveAttribute('aria-invalid', 'true');

    await question.click();
    await page.keyboard.type('Is hormone therapy safe for me?');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.locator('.adm-toast')).toContainText('Page saved');
    // The frame is the saved page now, from the server.
    await expect(page.getByRole('button', { name: 'Saved' })).toBeDisabled();
    await expect(frame.locator('[data-edit="headline"]')).toHaveText('Energy that lasts');
    await page.getByRole('button', { name: 'Phone' }).click();
    await expect(page.getByRole('button', { name: 'Phone' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('button', { name: 'Desktop' })).toHaveAttribute('aria-pressed', 'false');
    await expect(page.locator('iframe[title$="phone width"]')).toBeVisible();
    await keepScreen(page, { path: screenPath('admin-page-editor-phone') });

    // The public page: what was saved, and none of the editor's marks.
    await page.goto(`/${made.templateSlug}?client=${clinic.id}`);
    await expect(page.getByText('Energy that lasts', { exact: true })).toBeVisible();
    await expect(page.getByText('Is hormone therapy safe for me?')).toBeVisible();
    await expect(page.locator('#reviews')).toHaveCount(0);
    await expect(page.getByText('I sleep through the night again.')).toHaveCount(0);
    await expect(page.locator('main section[aria-labelledby="lp-faqs-title"]')).toBeVisible();
    await expect(page.locator('.lp-hero picture source')).toHaveAttribute('srcset', new RegExp(new URL(uploaded!, page.url()).pathname.replace(/\.\w+$/, '')));
    expect(await page.content()).not.toContain('data-edit');
  });
});
