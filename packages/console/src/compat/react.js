// React's API for the build: preact/compat plus the one hook react-router needs that compat lacks (useOptimistic).
import compat from "preact/compat";

export * from "preact/compat";
export default compat;

/** Without concurrent transitions there is nothing to show optimistically: the state passes through. */
export function useOptimistic(passthrough) {
  return [passthrough, () => {}];
}
