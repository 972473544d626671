// Where the panel keeps what a reader entered, for the whole site: this tab only
// (sessionStorage), or this device (localStorage) as well when the reader ticks Remember.
// Secrets (keys, passwords, tokens, client secrets), the reader's headers and cookies and the
// environments are kept that way; the target and the history stay in the tab. Storage can be
// missing or full (private windows, quotas): every access is guarded.

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

/** What the reader keeps (`auth:<scheme>:<part>`, `extras`, `environments`): the tab's copy first, then the device's when remembered. */
export function readKept(key: string): string {
  return readSession(key) ?? (remembered() ? safe(() => localStorage.getItem(scope() + key), null) : null) ?? '';
}

export function writeKept(key: string, value: string, remember: boolean): void {
  writeSession(key, value);
  safe(() => {
    const full = scope() + key;
    if (remember && value !== '') localStorage.setItem(full, value);
    else localStorage.removeItem(full);
  }, undefined);
}

/** A kept JSON value, or `fallback` when there is none or it does not parse. */
export function readKeptJson<T>(key: string, fallback: T): T {
  const text = readKept(key);
  return text === '' ? fallback : safe(() => JSON.parse(text) as T, fallback);
}

export function readSecret(key: string): string {
  return readKept(`auth:${key}`);
}

export function writeSecret(key: string, value: string, remember: boolean): void {
  writeKept(`auth:${key}`, value, remember);
}

export function setRemember(remember: boolean): void {
  safe(() => (remember ? localStorage.setItem(`${scope()}remember`, '1') : localStorage.removeItem(`${scope()}remember`)), undefined);
}

/** Forgets everything kept on the device (when Remember is unticked). */
export function forgetDevice(): void {
  safe(() => {
    for (const key of Object.keys(localStorage)) if (key.startsWith(scope()) && key !== `${scope()}remember`) localStorage.removeItem(key);
  }, undefined);
}
