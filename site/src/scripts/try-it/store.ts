// Where the panel keeps what a reader typed between pages: this tab only
// (sessionStorage), or this device (localStorage) when the reader asks.
// Storage can be missing or full (private windows, quotas): every access is guarded.

// Documents mounted side by side keep separate keys.
const scope = () => `try-it:${location.pathname.split('/operations/')[0]}:`;

function safe<T>(run: () => T, fallback: T): T {
  try {
    return run();
  } catch {
    return fallback;
  }
}

export function readSession(key: string): string | null {
  return safe(() => sessionStorage.getItem(scope() + key), null);
}

export function writeSession(key: string, value: string): void {
  safe(() => (value === '' ? sessionStorage.removeItem(scope() + key) : sessionStorage.setItem(scope() + key, value)), undefined);
}

export function remembered(): boolean {
  return safe(() => localStorage.getItem(`${scope()}remember`) === '1', false);
}

/** A secret: the tab's copy first, then the device's when the reader chose to remember. */
export function readSecret(key: string): string {
  return readSession(`auth:${key}`) ?? (remembered() ? safe(() => localStorage.getItem(`${scope()}auth:${key}`), null) : null) ?? '';
}

export function writeSecret(key: string, value: string, remember: boolean): void {
  writeSession(`auth:${key}`, value);
  safe(() => {
    const full = `${scope()}auth:${key}`;
    if (remember && value !== '') localStorage.setItem(full, value);
    else localStorage.removeItem(full);
  }, undefined);
}

export function setRemember(remember: boolean): void {
  safe(() => (remember ? localStorage.setItem(`${scope()}remember`, '1') : localStorage.removeItem(`${scope()}remember`)), undefined);
}

/** Forgets every secret kept on the device (when Remember is unticked). */
export function forgetDevice(): void {
  safe(() => {
    const prefix = `${scope()}auth:`;
    for (const key of Object.keys(localStorage)) if (key.startsWith(prefix)) localStorage.removeItem(key);
  }, undefined);
}
