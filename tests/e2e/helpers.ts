import { expect, type Locator, type Page } from '@playwright/test';

/** Collects console errors and uncaught exceptions of a page. */
export function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  return problems;
}

/** The visible `<grundy-game>` of the playground. */
export function activeGame(page: Page): Locator {
  return page.locator('grundy-game:not([hidden])');
}

/**
 * The shown `<grundy-game>` of one game: after the address changes, the
 * game shown before may still be visible for a moment.
 */
export function shownGame(page: Page, game: string): Locator {
  return page.locator(`grundy-game[game="${game}"]:not([hidden])`);
}

/** Opens a position with a friend as the opponent, so that no reply follows a move. */
export async function openForTwo(page: Page, game: string, position: string): Promise<Locator> {
  await page.goto(`/#game=${game}&position=${encodeURIComponent(position)}`);
  const element = shownGame(page, game);
  await expect(element.locator('.sum')).toBeVisible();
  await (await options(element)).getByLabel('Opponent').selectOption('human');
  return element;
}

/** Heap sizes as the board draws them, read from the nimber badges. */
export async function heapSizes(game: Locator): Promise<number[]> {
  const badges = await game.locator('grundy-heaps .heap .badge').allTextContents();
  return badges.map((text) => Number(text.replace('*', '')));
}

/** Waits until the status line says it is the person's move or the game ended. */
export async function waitForHumanTurn(game: Locator): Promise<string> {
  const status = game.locator('.status');
  await expect(status).toHaveText(/Your turn|You win|computer wins/);
  return (await status.textContent()) ?? '';
}

/** The two screens every following-a-game feature is tried on; the phone is touched. */
/**
 * How long a test waits for the first answer on a position whose solve is
 * long (a misère search to its budget, a crowded board): on a machine
 * running two test workers per core it takes four times as long as alone.
 */
export const LONG_SOLVE_MS = 60_000;

export const SCREENS = [
  { name: 'desktop', viewport: { width: 1400, height: 900 }, hasTouch: false },
  { name: 'phone', viewport: { width: 390, height: 844 }, hasTouch: true },
] as const;

/**
 * Plays the move under `target` as a person would: a click with a mouse;
 * with a finger, a tap that previews and a second that plays.
 */
export async function playOn(target: Locator, touch: boolean): Promise<void> {
  if (!touch) return target.click();
  await target.tap();
  await target.tap();
}

/**
 * A sum that takes seconds to analyse in wasm, for showing slow work: eight
 * World of Darkraft boards of 40×40 with L, R and X in thirds, the slowest
 * boards the playground allows, drawn from a fixed seed.
 */
export const SLOW_SUM = (() => {
  let seed = 1;
  // Park and Miller's generator: every product stays exact in a double.
  const next = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
  const letter = () => {
    const r = next();
    return r < 0.34 ? 'L' : r < 0.67 ? 'R' : 'X';
  };
  const board = () => Array.from({ length: 40 }, () => Array.from({ length: 40 }, letter).join('')).join('\n');
  return Array.from({ length: 8 }, () => `--- darkraft\n40 40\n${board()}\n`).join('');
})();

/** A quick sum with a String Game part, to load before `SLOW_SUM`. */
export const QUICK_SUM = '--- nim\n3\n--- string-game\n1\npawpawpawpaw\n1\npawpaw\n';

/** A digraph with a cycle 0 → 1 → 2 → 0, a way out 2 → 3 → 4, and a looping vertex 5 → 5 with an exit to 3. */
export const DIGRAPH_CYCLES = '6 8\n0 1\n1 2\n2 0\n2 3\n3 4\n1 4\n5 5\n5 3\n2\n1 5\n80 80\n240 130\n160 230\n330 240\n350 90\n470 200\n';

/** Opens a drawn game (Hackenbush or a digraph) at `position`, once its picture shows. */
export async function openDrawing(page: Page, game: string, position: string): Promise<Locator> {
  await page.goto(`/#game=${game}&position=${encodeURIComponent(position)}`);
  const element = shownGame(page, game);
  await expect(element.locator('grundy-graph svg')).toBeVisible();
  return element;
}

/** Where a point of a drawn graph (x right, y up) is on screen. */
export async function onScreen(element: Locator, [x, y]: [number, number]): Promise<{ x: number; y: number }> {
  await element.locator('grundy-graph svg').scrollIntoViewIfNeeded();
  return element.locator('grundy-graph svg').evaluate(
    (svg: SVGSVGElement, [px, py]) => {
      const point = new DOMPoint(px, -py).matrixTransform(svg.getScreenCTM()!);
      return { x: point.x, y: point.y };
    },
    [x, y] as [number, number],
  );
}

/** A click at a point of a drawn graph. */
export async function clickAt(page: Page, element: Locator, at: [number, number]): Promise<void> {
  const { x, y } = await onScreen(element, at);
  await page.mouse.click(x, y);
}

/** A drag between two points of a drawn graph, in steps as a hand moves. */
export async function dragFrom(page: Page, element: Locator, from: [number, number], to: [number, number]): Promise<void> {
  const start = await onScreen(element, from);
  const end = await onScreen(element, to);
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move((start.x + end.x) / 2, (start.y + end.y) / 2, { steps: 4 });
  await page.mouse.move(end.x, end.y, { steps: 4 });
  await page.mouse.up();
}

/** The element with its toolbar's options unfolded, as a person on a narrow screen opens them first. */
export async function options(element: Locator): Promise<Locator> {
  await expect(element.locator('.toolbar .modes')).toBeVisible();
  const fold = element.locator('.toolbar button.fold');
  if ((await fold.isVisible()) && (await fold.getAttribute('aria-expanded')) !== 'true') await fold.click();
  return element;
}

/**
 * Watches `host`'s shadow root every frame for `notice`, clicks the Cancel
 * inside it as soon as it shows, and resolves with the milliseconds until
 * the notice has left the page. Started before the work is asked for: the
 * notice of work that takes under a second can come and go between two of
 * the test's own polls.
 */
export function cancelMs(host: Locator, notice: string): Promise<number> {
  return host.evaluate(
    (root, selector) =>
      new Promise<number>((resolve, reject) => {
        const shadow = root.shadowRoot!;
        const asked = performance.now();
        const look = () => {
          const cancel = [...(shadow.querySelector(selector)?.querySelectorAll('button') ?? [])].find((b) => b.textContent === 'Cancel');
          if (!cancel) {
            if (performance.now() - asked > 20_000) reject(new Error(`no ${selector} with a Cancel button showed`));
            else requestAnimationFrame(look);
            return;
          }
          const start = performance.now();
          cancel.click();
          const check = () => (shadow.querySelector(selector) ? requestAnimationFrame(check) : resolve(performance.now() - start));
          check();
        };
        look();
      }),
    notice,
  );
}

/** Records the page's layout shifts, not caused by input, from its first paint: call before it loads. */
export async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { shifts: number[] }).shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) if (!entry.hadRecentInput) shifts.push(entry.value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The page's cumulative layout shift so far, as `recordLayoutShifts` recorded it. */
export function layoutShiftSoFar(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { shifts: number[] }).shifts.reduce((sum, value) => sum + value, 0));
}
