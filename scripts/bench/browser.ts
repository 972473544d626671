// Headless Chromium as the project's tests run it: the Debian build, no downloaded browser.
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM } from './paths.ts';

export async function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}
