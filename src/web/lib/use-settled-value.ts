import { useEffect, useState } from 'react';

/** The value once it has stopped changing for `ms` (an e-mail being typed asks the server once). */
export function useSettledValue<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
