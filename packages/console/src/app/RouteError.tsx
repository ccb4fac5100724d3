// Shown when a route cannot load (e.g. a page chunk failed to download from the device): never a blank page.
import { useRouteError } from "react-router";
import { errorText } from "../api/errors.ts";

export function RouteError() {
  const error = useRouteError();
  return (
    <div className="panel panel-danger" role="alert">
      <h2>This page could not be loaded</h2>
      <p className="mono">{errorText(error)}</p>
      <button type="button" className="btn" onClick={() => location.reload()}>
        Reload
      </button>
    </div>
  );
}
