import type { Page } from '@playwright/test';

/** The sizes a screen is checked at: a phone and a laptop. */
export const SCREEN_SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;

/**
 * What is out of place on the page as laid out now: the page scrolling sideways, or anything
 * inside a card (`.card`, `.th-card`) reaching past the card's padding, unless a box inside the
 * card clips or scrolls it (a code example scrolls on its own). Each problem is one line naming
 * the element and its text.
 */
export function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth + 1) {
      problems.push(`the page scrolls sideways by ${root.scrollWidth - root.clientWidth} px`);
    }
    const clipsOrScrolls = (element: Element) => getComputedStyle(element).overflowX !== 'visible';
    const describe = (element: Element) =>
      `<${element.tagName.toLowerCase()} class="${element.getAttribute('class') ?? ''}"> "${(
        element.textContent ?? ''
      )
        .trim()
        .slice(0, 40)}"`;
    for (const card of Array.from(document.querySelectorAll('.card, .th-card'))) {
      const box = card.getBoundingClientRect();
      if (box.width === 0) continue;
      const style = getComputedStyle(card);
      const left = box.left + parseFloat(style.borderLeftWidth) + parseFloat(style.paddingLeft);
      const right = box.right - parseFloat(style.borderRightWidth) - parseFloat(style.paddingRight);
      for (const element of Array.from(card.querySelectorAll('*'))) {
        const rect = element.getBoundingClientRect();
        if (rect.width <= 1 || rect.height <= 1) continue;
        let clipped = false;
        for (let parent = element.parentElement; parent && parent !== card;) {
          if (clipsOrScrolls(parent)) clipped = true;
          parent = parent.parentElement;
        }
        if (clipped) continue;
        const past = Math.max(rect.right - right, left - rect.left);
        if (past > 1) {
          problems.push(`${describe(element)} reaches ${Math.round(past)} px past its card`);
        }
      }
    }
    return problems;
  });
}

/**
 * Opens `path` in each language at each size and collects the layout problems, labelled. Each
 * size has a page of its own in the page's context (signed in, consent given, as the page left
 * it): the two sizes load side by side, each page load fresh at its size, since most of a load
 * here is waiting for the network to go quiet.
 */
export async function layoutProblemsOf(page: Page, paths: string[]): Promise<string[]> {
  const problems: string[] = [];
  const pages = [
    page,
    ...(await Promise.all(SCREEN_SIZES.slice(1).map(() => page.context().newPage()))),
  ];
  try {
    for (const language of ['en', 'de'] as const) {
      // One local storage per origin and context: both pages read the language from it.
      await page.evaluate((code) => localStorage.setItem('language_code_ui', code), language);
      const found = await Promise.all(
        SCREEN_SIZES.map(async (size, index) => {
          const sized = pages[index]!;
          const seen: string[] = [];
          await sized.setViewportSize({ width: size.width, height: size.height });
          for (const path of paths) {
            await sized.goto(path);
            await sized.waitForLoadState('networkidle');
            for (const problem of await layoutProblems(sized)) {
              seen.push(`${path} (${language}, ${size.name}): ${problem}`);
            }
          }
          return seen;
        }),
      );
      problems.push(...found.flat());
    }
  } finally {
    for (const extra of pages.slice(1)) await extra.close();
  }
  return problems;
}
