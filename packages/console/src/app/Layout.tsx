// The console layout (SPEC §2): header with title, device name and mode; navigation; content; footer.
import { PRODUCT_TITLE } from "@trc/protocol";
import { lazy, type ReactNode, Suspense, useRef } from "react";
import { Link, useLocation } from "wouter";
import { DEVICE_NAME_PLACEHOLDER } from "../shared/unit/deviceSettings.ts";
import { useDeviceMode, useDeviceName } from "../shared/unit/unit.ts";
import { ConnectionIndicator } from "./ConnectionIndicator.tsx";
import { ErrorBoundary } from "./ErrorBoundary.tsx";
import { RestartWatch } from "./RestartWatch.tsx";
import { focusPageStart, useRouteFocus } from "./routeFocus.ts";
import { TimingBadge } from "./TimingBadge.tsx";
import { useDeviceIdentity } from "./useDeviceIdentity.ts";

/** The alarm watch and panel: their own chunk, loaded as the shell first renders (not needed for the first paint). */
const AlarmCenter = lazy(() => import("../alarms/AlarmCenter.tsx"));

/** The navigation links; index.html paints the same ones before any script (a unit test keeps the two alike). */
export const NAV = [
  ["/telemetry", "Telemetry"],
  ["/live", "Live"],
  ["/timing", "Timing"],
  ["/files", "Files"],
  ["/commands", "Commands"],
  ["/configuration", "Configuration"],
  ["/firmware", "Firmware"],
  ["/fleet", "Fleet"],
] as const;

/** A nav link is current on its page (any letter case, with or without a trailing slash); Telemetry also on "/". */
function isCurrent(to: string, pathname: string): boolean {
  const path = pathname.toLowerCase().replace(/(.)\/+$/, "$1");
  return path === to || (to === "/telemetry" && path === "/");
}

export function Layout({ children }: { children: ReactNode }) {
  const identity = useDeviceIdentity();
  const deviceName = useDeviceName();
  const deviceMode = useDeviceMode();
  const [pathname] = useLocation();
  const mainRef = useRef<HTMLElement>(null);
  const announcement = useRouteFocus(pathname, mainRef);
  return (
    <div className="app">
      {/* biome-ignore lint/a11y/useValidAnchor: a skip link; by script so "#main" never enters the router's history */}
      <a
        href="#main"
        className="skip-link"
        onClick={(e) => {
          e.preventDefault();
          if (mainRef.current) focusPageStart(mainRef.current);
        }}
      >
        Skip to content
      </a>
      <p className="visually-hidden" aria-live="polite" aria-atomic="true" data-testid="route-announcement">
        {announcement}
      </p>
      <header className="header">
        <Link to="/" className="title">
          {PRODUCT_TITLE}
        </Link>
        <span className="device" data-testid="device-name">
          {deviceName || DEVICE_NAME_PLACEHOLDER}
        </span>
        {deviceMode && (
          <span className="badge badge-mode" data-testid="device-mode">
            {deviceMode}
          </span>
        )}
        <TimingBadge />
        <ConnectionIndicator />
        {identity.isError && !deviceName && <span className="error-text">Device not reachable</span>}
      </header>
      <Suspense fallback={null}>
        <AlarmCenter />
      </Suspense>
      <nav className="nav" aria-label="Pages">
        {NAV.map(([to, label]) => (
          <Link
            key={to}
            to={to}
            className={isCurrent(to, pathname) ? "active" : ""}
            aria-current={isCurrent(to, pathname) ? "page" : undefined}
          >
            {label}
          </Link>
        ))}
      </nav>
      <RestartWatch />
      <main className="content" id="main" ref={mainRef}>
        <ErrorBoundary key={pathname}>
          <Suspense fallback={<p>Loading...</p>}>{children}</Suspense>
        </ErrorBoundary>
      </main>
      <footer className="footer">
        <span>
          Compiled {new Date(__COMPILE_TIME__).toLocaleString()} (the compile time is independent of the
          firmware version)
        </span>
        <Link to="/settings">Developer settings</Link>
      </footer>
    </div>
  );
}
