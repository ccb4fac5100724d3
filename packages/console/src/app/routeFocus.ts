// Focus after a route change: the new page's h1 takes focus and its name is announced; the skip link's target.
import { type RefObject, useLayoutEffect, useRef, useState } from "react";

/** How long a lazily loaded page may take to show its h1 before focus is left where it is. */
const WAIT_MS = 10_000;

/** Focuses the page's h1 (made focusable by script only), or the main element when the page has none yet. */
export function focusPageStart(main: HTMLElement): HTMLElement {
  const h1 = main.querySelector("h1");
  const target = h1 ?? main;
  if (!target.hasAttribute("tabindex")) target.tabIndex = -1;
  target.focus();
  return target;
}

/**
 * On every change of `pathname` after the first (a first load leaves focus at the top, so the skip link is the first
 * tab stop): waits for the new page's h1, focuses it and gives the text to announce, "{h1} page". Focus the user has
 * already moved into the new page (a click, typing) is left alone.
 */
export function useRouteFocus(pathname: string, mainRef: RefObject<HTMLElement | null>): string {
  const [announcement, setAnnouncement] = useState("");
  const shown = useRef(pathname);
  useLayoutEffect(() => {
    const main = mainRef.current;
    if (shown.current === pathname || !main) return;
    shown.current = pathname;
    setAnnouncement("");
    const land = (h1: HTMLElement) => {
      const active = document.activeElement;
      if (!(active && active !== main && main.contains(active))) focusPageStart(main);
      setAnnouncement(`${h1.textContent ?? ""} page`);
    };
    const h1 = main.querySelector("h1");
    if (h1) {
      land(h1);
      return;
    }
    const observer = new MutationObserver(() => {
      const found = main.querySelector("h1");
      if (!found) return;
      stop();
      land(found);
    });
    const timer = setTimeout(() => stop(), WAIT_MS);
    const stop = () => {
      observer.disconnect();
      clearTimeout(timer);
    };
    observer.observe(main, { childList: true, subtree: true });
    return stop;
  }, [pathname, mainRef]);
  return announcement;
}
