/**
 * Makes the site an installed web app: its service worker precaches every
 * page, script and engine, so that the site works offline once visited.
 * Only the site's own pages register it. The builder's iframe does not:
 * on a reader's blog it fetches only what its one game uses.
 */
if ('serviceWorker' in navigator) {
  addEventListener('load', () => {
    navigator.serviceWorker.register('./sw.js', { scope: './' }).catch(() => {
      // A browser that refuses service workers still has the page online.
    });
  });
}
