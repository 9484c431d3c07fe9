import { expect, test } from '@playwright/test';
import { dismissWithEscape, logInAsAdmin, seriousAxeViolations } from '../support/admin';
import { clinicWithService, sendLead } from '../support/leads';
import { keepScreen, screenPath } from '../support/screens';

/**
 * The pipeline board (docs/leads.md#pipeline-board): an admin opens one
 * clinic's board, sees the counts, moves a card with its 'Move to' menu and,
 * on a desktop, drags one with the mouse; each move is the list's status change.
 */

test.describe('pipeline board', () => {
  test.describe.configure({ timeout: 120_000 });

  test('an admin sees the counts, moves a card with Move to and drags one to Booked', async ({ page }) => {
    await logInAsAdmin(page);
    const run = `${test.info().project.name === 'mobile' ? 'm' : 'd'}${Date.now().toString(36)}`;
    const where = await clinicWithService(page, `Cedar Clinic ${run}`);
    await sendLead(page, `Avery ${run}`, where);
    await sendLead(page, `Blake ${run}`, where);

    await page.goto(`/admin/leads?client=${where.clientId}&view=board`);
    const board = page.getByRole('region', { name: 'Pipeline board' });
    const column = (name: string) => board.getByRole('region', { name });
    await expect(page.getByTestId('board-count-new')).toHaveText('2');
    await expect(page.getByTestId('board-count-contacted')).toHaveText('0');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await keepScreen(page, { path: screenPath('pipeline-board'), fullPage: true });

    // The keyboard's way (and the phone's): a card's 'Move to' menu.
    await page.getByRole('button', { name: `Move Avery ${run} to` }).click();
    await page.getByRole('menuitem', { name: 'Contacted' }).click();
    await expect(column('Contacted').getByRole('button', { name: `Avery ${run}`, exact: true })).toBeVisible();
    await expect(page.getByTestId('board-count-contacted')).toHaveText('1');
    await expect(page.getByTestId('board-count-new')).toHaveText('1');
    // The card moves at once; the API's answer comes with its toast.
    await expect(page.getByText(`Avery ${run} is now Contacted.`).first()).toBeVisible();
    // The move is the lead's status: its detail says so.
    await column('Contacted').getByRole('button', { name: `Avery ${run}`, exact: true }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByLabel(`Status of Avery ${run}`)).toHaveValue('contacted');
    await keepScreen(page, { path: screenPath('pipeline-board-detail') });
    await dismissWithEscape(page, dialog);

    if (test.info().project.name === 'desktop') {
      const grip = board.getByRole('button', { name: `Drag Blake ${run}` });
      const target = column('Booked');
      const from = (await grip.boundingBox())!;
      const to = (await target.boundingBox())!;
      await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
      await page.mouse.down();
      await page.mouse.move(from.x + 20, from.y + 20, { steps: 4 });
      await page.mouse.move(to.x + to.width / 2, to.y + 60, { steps: 12 });
      await page.mouse.up();
      await expect(target.getByRole('button', { name: `Blake ${run}`, exact: true })).toBeVisible();
      await expect(page.getByTestId('board-count-booked')).toHaveText('1');
      await expect(page.getByTestId('board-count-new')).toHaveText('0');
    }
    expect(await seriousAxeViolations(page)).toEqual([]);
    await keepScreen(page, { path: screenPath('pipeline-board-after'), fullPage: true });
  });
});
