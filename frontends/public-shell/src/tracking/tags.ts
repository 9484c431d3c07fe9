/**
 * The three vendors' loaders, as their own snippets set them up (a command
 * queue that the library drains when it arrives), without inline script: the
 * page's CSP allows no inline code, only the tag hosts this page loads.
 */

type Command = [string, ...unknown[]];

interface GtagWindow {
  dataLayer?: unknown[];
  gtag?: (...args: unknown[]) => void;
}

interface Fbq {
  (...args: unknown[]): void;
  callMethod?: (...args: unknown[]) => void;
  queue: unknown[];
  push: Fbq;
  loaded: boolean;
  version: string;
}

interface PixelWindow {
  fbq?: Fbq;
  _fbq?: Fbq;
}

/**
 * A tag's script: async, and sending only our origin as its Referer (the
 * page's own policy already says so; this holds even where a page would not).
 */
function addScript(src: string): void {
  const script = document.createElement('script');
  script.async = true;
  script.src = src;
  script.referrerPolicy = 'strict-origin';
  document.head.appendChild(script);
}

/** gtag.js for one or both Google tags (one loader serves both), its queue set up first. */
export function loadGtag(firstId: string): (command: Command) => void {
  const w = window as unknown as GtagWindow;
  const dataLayer = (w.dataLayer ??= []);
  // gtag.js reads `arguments` objects from the data layer, not arrays: the vendor's own stub.
  w.gtag ??= function gtag() {
    // eslint-disable-next-line prefer-rest-params -- gtag.js expects the Arguments object itself
    dataLayer.push(arguments);
  };
  const gtag = w.gtag;
  addScript(`https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(firstId)}`);
  return (command) => gtag(...command);
}

/** fbevents.js, its queue set up first as the pixel's snippet does. */
export function loadPixel(): (command: Command) => void {
  const w = window as unknown as PixelWindow;
  if (!w.fbq) {
    const fbq = function (...args: unknown[]) {
      if (fbq.callMethod) fbq.callMethod(...args);
      else fbq.queue.push(args);
    } as Fbq;
    fbq.push = fbq;
    fbq.loaded = true;
    fbq.version = '2.0';
    fbq.queue = [];
    w.fbq = fbq;
    w._fbq ??= fbq;
  }
  const fbq = w.fbq;
  addScript('https://connect.facebook.net/en_US/fbevents.js');
  return (command) => fbq(...command);
}
