// A clock for components: the time now, ticking every `everyMs` (render reads this state, never Date.now()).
import { useEffect, useState } from "react";
import { preciseNow } from "../api/preciseNow.ts";

export function useNow(everyMs: number): number {
  const [now, setNow] = useState(preciseNow);
  useEffect(() => {
    const id = setInterval(() => setNow(preciseNow()), everyMs);
    return () => clearInterval(id);
  }, [everyMs]);
  return now;
}
