import { expect, prepareVisitor, test } from './fixtures.ts';
import { useSpeakingMicrophone } from './recorder-helpers.ts';

/**
 * The audio filter page with the microphone as its source (docs/product/shell.md "Player
 * test"): a browser of its own with a fake microphone that speaks.
 */
useSpeakingMicrophone('filters', 'Testing the high pass and the low pass filters.');

test('the microphone plays through the filters, whose values the Web Audio graph holds', async ({
  page,
}) => {
  await prepareVisitor(page, { language: 'de', consent: true });
  await page.goto('/playertest/filters');
  const status = page.getByTestId('graph-status');
  await expect(status).toHaveText(/^Noch nicht verbunden/);

  await page.getByRole('button', { name: 'Mikrofon nutzen' }).click();
  await expect(page.getByText('Das Mikrofon spielt durch die Filter.')).toBeVisible();
  await expect(status).toHaveText(/^Verbunden/);
  await page.getByLabel('Hochpass-Grenzfrequenz').fill('1000');
  await page.getByLabel('Lautstärke').fill('10');
  // The slider's end is 5000 Hz; the value shown is read back from the graph.
  await expect(page.getByTestId('highpass-value')).toHaveText('5000 Hz');
  await expect(page.getByTestId('volume-value')).toHaveText('10 %');

  await page.getByRole('button', { name: 'Mikrofon ausschalten' }).click();
  await expect(status).toHaveText(/^Noch nicht verbunden/);
});
