// Renders the manifest's screenshots (phone 390×844, desktop 1280×800) from a running site:
//   node scripts/make-screenshots.mjs http://127.0.0.1:8080
import { chromium } from '@playwright/test';

const base = process.argv[2] ?? 'http://127.0.0.1:8080';
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--no-first-run',
    '--disable-background-networking',
  ],
});
for (const [file, viewport] of [
  ['public/screenshots/phone-newest.png', { width: 390, height: 844 }],
  ['public/screenshots/desktop-newest.png', { width: 1280, height: 800 }],
]) {
  const page = await browser.newPage({ viewport, deviceScaleFactor: 1 });
  await page.addInitScript(() => {
    localStorage.setItem('language_code_ui', 'en');
    localStorage.setItem('cookieConsent', 'accepted');
  });
  await page.goto(`${base}/newest`, { waitUntil: 'networkidle' });
  await page.waitForTimeout(500);
  await page.screenshot({ path: file });
  await page.close();
  console.log(file);
}
await browser.close();
